import { queryOptions } from '@tanstack/react-query';
import type { CurrencyCode } from '@marquee/shared';
import { apiRequest } from '../../../lib/api-client';

interface Amount {
  amount: number;
  currency: CurrencyCode;
  trend: number;
}

export interface BillingStats {
  metrics: {
    total_revenue: Amount;
    pending_payouts: Amount;
    completed_payouts: Amount & { count: number };
    platform_fees: Amount;
    /** The part of the platform fees you paid, on events where you pay the booking fee. */
    absorbed_fees: Amount;
  };
  payout_details: {
    schedule: { interval: string; day: string | null };
    next_payout: { arrival_date: number | null; amount: number; currency: CurrencyCode } | null;
    bank_account: { last4: string; bank_name: string | null } | null;
    stripe_account_id: string | null;
  };
}

export const billingStatsQuery = queryOptions({
  queryKey: ['billing', 'stats'],
  queryFn: () => apiRequest<BillingStats>('/api/billing/stats'),
});

export const createLoginLink = () => apiRequest<{ url: string }>('/api/stripe/create-login-link', { method: 'POST' });
