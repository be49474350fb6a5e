// How Billing writes the PRO plan's money, dates and what ending means (en-GB, the currency from the API).

/** '£29.00' in en-GB for minor units of an ISO currency. */
export function formatPlanMoney(minor: number, currency: string): string {
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(minor / 100);
}

/** '3 January 2027'. */
export function formatPlanDate(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(iso));
}

export const endingText = (date: string) =>
  `PRO ends on ${date}. Then your API keys are suspended and webhooks paused; your data is kept.`;
