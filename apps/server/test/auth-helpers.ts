// Helpers for API tests that need users: sign up through the real identity routes, read the e-mailed code
// from the outbox, verify, and keep the session cookie.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** The test app's origin (APP_URL): browsers send it as Origin on every state-changing request. */
export const APP_ORIGIN = 'http://localhost:3000';

/** Headers of a signed-in browser request: the session cookie and the app's Origin. */
export const asBrowser = (user: { cookie: string }) => ({ cookie: user.cookie, origin: APP_ORIGIN });

let ipCounter = 0;
/** A distinct client address per call site, so the per-IP auth rate limits do not couple tests. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${Math.floor(ipCounter / 250) % 250}.${ipCounter % 250}.${1 + (process.pid % 200)}`;
}

export function cookieHeader(response: LightMyRequestResponse): string {
  const raw = response.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list.map((cookie) => cookie.split(';')[0]).join('; ');
}

export async function authPost(
  app: FastifyInstance,
  path: string,
  body: unknown,
  /** `apiClient`: no Origin, as a bearer-token client sends (it alone is given the token in set-auth-token). */
  options: { ip?: string; cookie?: string; apiClient?: boolean } = {},
) {
  return app.inject({
    method: 'POST',
    url: `/api/auth${path}`,
    headers: {
      'content-type': 'application/json',
      ...(options.apiClient ? {} : { origin: APP_ORIGIN }),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    remoteAddress: options.ip ?? nextIp(),
    payload: JSON.stringify(body),
  });
}

export async function latestCode(app: FastifyInstance, email: string): Promise<string> {
  const response = await app.inject({ method: 'GET', url: `/api/dev/mail?to=${encodeURIComponent(email)}` });
  const [latest] = response.json() as Array<{ text: string }>;
  const match = latest?.text.match(/\b(\d{6})\b/);
  if (!match?.[1]) throw new Error(`no code mailed to ${email}`);
  return match[1];
}

export const STRONG_PASSWORD = 'Tickets&Rush42';

export interface SignedInUser {
  email: string;
  cookie: string;
  token: string;
}

let userCounter = 0;
export function uniqueEmail(prefix = 'organiser'): string {
  userCounter += 1;
  return `${prefix}-${process.pid}-${userCounter}-${Date.now()}@example.com`;
}

export async function signUpAndVerify(app: FastifyInstance, email = uniqueEmail()): Promise<SignedInUser> {
  const signUp = await authPost(app, '/sign-up/email', { email, password: STRONG_PASSWORD, name: email.split('@')[0] });
  if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.statusCode} ${signUp.body}`);
  const code = await latestCode(app, email);
  // Verified as an API client would, so the answer carries the bearer token as well as the session cookie.
  const verify = await authPost(app, '/email-otp/verify-email', { email, otp: code }, { apiClient: true });
  if (verify.statusCode !== 200) throw new Error(`verify failed: ${verify.statusCode} ${verify.body}`);
  return { email, cookie: cookieHeader(verify), token: String(verify.headers['set-auth-token'] ?? '') };
}

export async function createOrganizationFor(
  app: FastifyInstance,
  user: SignedInUser,
  subdomain: string,
  name = 'Acme Events',
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/org/create',
    headers: { cookie: user.cookie, origin: APP_ORIGIN },
    payload: { company_name: name, subdomain, default_currency: 'GBP' },
  });
  if (response.statusCode !== 201) throw new Error(`org create failed: ${response.statusCode} ${response.body}`);
  return response.json().organization as { id: string; subdomain: string };
}
