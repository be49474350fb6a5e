// The one identity client: better-auth's React client against our own /api/auth, with the e-mail code
// and organisation plugins.
import { createAuthClient } from 'better-auth/react';
import { emailOTPClient, organizationClient } from 'better-auth/client/plugins';

export const authClient = createAuthClient({
  baseURL: typeof window === 'undefined' ? 'http://localhost:3000' : window.location.origin,
  basePath: '/api/auth',
  plugins: [emailOTPClient(), organizationClient()],
});

export type AuthSession = typeof authClient.$Infer.Session;

export function useSession() {
  return authClient.useSession();
}

/** Set on a phone where a member opened the check-in app, so it can open there with no network. */
export const CHECKIN_MEMBER_KEY = 'marquee-checkin-member';

/** Signs out and forgets what the check-in app kept on this device (ticket lists with buyers' names). */
export async function signOut() {
  await authClient.signOut();
  localStorage.removeItem(CHECKIN_MEMBER_KEY);
  indexedDB.deleteDatabase('marquee-checkin');
}
