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

export async function signOut() {
  await authClient.signOut();
}
