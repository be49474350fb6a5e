// Starting payout set-up: asks our server for the payment provider's hosted onboarding link and goes there.
// Used by onboarding step 3 and the Billing page.
import { apiRequest } from './api-client';

export const PAYOUT_SETUP_FAILED = 'Failed to start payout setup. Please try again.';

export const createConnectAccount = (body: { refresh_url: string; return_url: string }) =>
  apiRequest<{ account_link_url: string }>('/api/stripe/create-connect-account', { method: 'POST', body });

/** Redirects to the hosted onboarding; throws when the call fails or returns no link. */
export async function startPayoutSetup(paths: { refreshPath: string; returnPath: string }): Promise<void> {
  const origin = window.location.origin;
  const { account_link_url } = await createConnectAccount({
    refresh_url: `${origin}${paths.refreshPath}`,
    return_url: `${origin}${paths.returnPath}`,
  });
  if (!account_link_url) throw new Error('No account link');
  window.location.assign(account_link_url);
}

/**
 * Calls `reset` when the browser shows this page again from its back/forward cache (the organiser pressed Back
 * on the provider's page), so a 'Connecting...' button left from before the redirect does not stay stuck.
 */
export function onPageRestored(reset: () => void): () => void {
  const listener = (event: PageTransitionEvent) => {
    if (event.persisted) reset();
  };
  window.addEventListener('pageshow', listener);
  return () => window.removeEventListener('pageshow', listener);
}
