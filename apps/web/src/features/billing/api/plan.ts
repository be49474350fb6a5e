// The PRO plan's owner actions in Billing (decision 149): start the hosted subscription page, cancel at the
// period's end, resume, and the plan's invoices. Each action answers with the plan, which refreshes its query.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { planQuery, type PlanInfo } from '../../../lib/plan';

export interface PlanInvoice {
  id: string;
  number: string;
  issued_at: string;
  period_start: string;
  period_end: string;
  amount: number;
  currency: string;
  status: 'paid' | 'failed';
  pdf_url: string;
}

export const planInvoicesQuery = queryOptions({
  queryKey: ['billing', 'plan', 'invoices'],
  queryFn: () => apiRequest<{ invoices: PlanInvoice[] }>('/api/billing/plan/invoices'),
});

export const startProSubscription = () =>
  apiRequest<{ url: string }>('/api/billing/plan/subscribe', { method: 'POST' });

export function usePlanChange(action: 'cancel' | 'resume') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<PlanInfo>(`/api/billing/plan/${action}`, { method: 'POST' }),
    onSuccess: (plan) => {
      queryClient.setQueryData(planQuery.queryKey, plan);
      void queryClient.invalidateQueries({ queryKey: planQuery.queryKey });
    },
  });
}
