// How the customers screens write dates and spend: en-GB dates, and one amount per currency (never added).
import { formatMoney, type CustomerSpend } from '@marquee/shared';

export const formatCustomerDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** Each currency's amount, e.g. ['£75.00', '€30.00']; nothing spent shows as a dash. */
export const formatSpends = (spends: CustomerSpend[]): string[] =>
  spends.length === 0 ? ['—'] : spends.map((spend) => formatMoney(spend.amount_minor, spend.currency));
