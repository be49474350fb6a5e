// The organisation's PRO plan (GET /api/billing/plan, decision 149), read by Billing (subscribe, cancel,
// invoices) and by the Profile's Integrations tab (PRO features). One query, one cache entry.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

export interface PlanInfo {
  /** PRO is in force now (active or past due, within the paid period). */
  pro: boolean;
  status: 'none' | 'active' | 'past_due' | 'ended';
  /** ISO instant the paid period ends (renews or, when cancelled, ends); null without a plan. */
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  /** The PRO price per month, in minor units of `currency`. */
  price: { amount: number; currency: string; interval: 'month' };
}

export const planQuery = queryOptions({
  queryKey: ['billing', 'plan'],
  queryFn: () => apiRequest<PlanInfo>('/api/billing/plan'),
});

export function usePlan() {
  return useQuery(planQuery);
}
