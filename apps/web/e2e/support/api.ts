// Test set-up through the real API: create a verified organiser with an organisation and hand back the
// signed-in session as cookies and a storageState for browser.newContext / test.use.
import { expect, type APIRequestContext } from '@playwright/test';
import { E2E_PORT } from '../fixtures';

export const ORGANISER_PASSWORD = 'Tickets&Rush42';

export interface CreateOrganiserOptions {
  /** The organisation's subdomain (lower-case letters, digits and hyphens); must be unused. */
  subdomain: string;
  /** Defaults to `{subdomain}-{random}@example.com`. */
  email?: string;
  /** Defaults to 'Test Organiser'. */
  name?: string;
  /** Defaults to a title built from the subdomain ('acme-live' -> 'Acme Live'). */
  companyName?: string;
  /** Defaults to 'GBP'. */
  defaultCurrency?: string;
  /** Defaults to the e2e server, http://localhost:{E2E_PORT}. */
  baseURL?: string;
}

export interface StorageStateCookie {
  name: string;
  value: string;
  domain: string;
  path: string;
  expires: number;
  httpOnly: boolean;
  secure: boolean;
  sameSite: 'Strict' | 'Lax' | 'None';
}

export interface Organiser {
  email: string;
  password: string;
  name: string;
  companyName: string;
  subdomain: string;
  organizationId: string;
  /** The session cookies (for page.context().addCookies). */
  cookies: StorageStateCookie[];
  /** For browser.newContext({ storageState }) or test.use({ storageState }). */
  storageState: { cookies: StorageStateCookie[]; origins: [] };
  /** A Cookie header value for further API calls as this organiser. */
  cookieHeader: string;
}

const titleCase = (subdomain: string) =>
  subdomain
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

/** The newest 6-digit code e-mailed to `email`, read from the development outbox. */
export async function readLatestCode(request: APIRequestContext, email: string, baseURL: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`${baseURL}/api/dev/mail?to=${encodeURIComponent(email)}`);
        expect(response.ok(), `GET /api/dev/mail answered ${response.status()}`).toBe(true);
        const messages = (await response.json()) as Array<{ text: string }>;
        code = messages[0]?.text.match(/\b\d{6}\b/)?.[0];
        return code;
      },
      { message: `a verification code e-mailed to ${email}`, timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/);
  return code!;
}

function sessionCookies(setCookieHeaders: string[], domain: string): StorageStateCookie[] {
  return setCookieHeaders.map((header) => {
    const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
    const separator = pair.indexOf('=');
    const lower = attributes.map((attribute) => attribute.toLowerCase());
    const maxAge = lower.find((attribute) => attribute.startsWith('max-age='));
    const sameSite = lower.find((attribute) => attribute.startsWith('samesite='))?.slice('samesite='.length);
    return {
      name: pair.slice(0, separator),
      value: pair.slice(separator + 1),
      domain,
      path: '/',
      expires: maxAge ? Math.floor(Date.now() / 1000) + Number(maxAge.slice('max-age='.length)) : -1,
      httpOnly: lower.includes('httponly'),
      secure: lower.includes('secure'),
      sameSite: sameSite === 'strict' ? 'Strict' : sameSite === 'none' ? 'None' : 'Lax',
    };
  });
}

/** A signed-up, verified user (no organisation yet) and the session it signed in with. */
export interface VerifiedUser {
  email: string;
  password: string;
  name: string;
  cookies: StorageStateCookie[];
  cookieHeader: string;
}

/**
 * Signs up through POST /api/auth/sign-up/email and verifies the e-mailed code: the user is signed in and has
 * no organisation (onboarding is next). The session is returned, not kept in the request context's cookie jar.
 */
export async function createVerifiedUser(
  request: APIRequestContext,
  options: { email: string; name?: string; baseURL?: string },
): Promise<VerifiedUser> {
  const baseURL = options.baseURL ?? `http://localhost:${E2E_PORT}`;
  const origin = new URL(baseURL).origin;
  const { email } = options;
  const name = options.name ?? 'Test Organiser';
  const signUp = await request.post(`${baseURL}/api/auth/sign-up/email`, {
    headers: { origin },
    data: { email, password: ORGANISER_PASSWORD, name },
  });
  expect(signUp.status(), `sign-up: ${await signUp.text()}`).toBe(200);

  const otp = await readLatestCode(request, email, baseURL);
  const verify = await request.post(`${baseURL}/api/auth/email-otp/verify-email`, {
    headers: { origin },
    data: { email, otp },
  });
  expect(verify.status(), `verify-email: ${await verify.text()}`).toBe(200);
  const setCookies = verify
    .headersArray()
    .filter((header) => header.name.toLowerCase() === 'set-cookie')
    .map((header) => header.value);
  const cookies = sessionCookies(setCookies, new URL(baseURL).hostname).filter((cookie) => cookie.value !== '');
  expect(
    cookies.map((cookie) => cookie.name),
    'verify-email sets the session cookie',
  ).toContain('marquee.session_token');
  const cookieHeader = cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
  return { email, password: ORGANISER_PASSWORD, name, cookies, cookieHeader };
}

/**
 * Signs up and verifies (createVerifiedUser), creates the organisation through POST /api/org/create and returns
 * the signed-in session. Each call is independent of the request context's own cookie jar: the session is sent
 * explicitly.
 */
export async function createOrganiser(request: APIRequestContext, options: CreateOrganiserOptions): Promise<Organiser> {
  const baseURL = options.baseURL ?? `http://localhost:${E2E_PORT}`;
  const origin = new URL(baseURL).origin;
  const companyName = options.companyName ?? titleCase(options.subdomain);
  const { email, password, name, cookies, cookieHeader } = await createVerifiedUser(request, {
    email: options.email ?? `${options.subdomain}-${Math.random().toString(36).slice(2, 8)}@example.com`,
    name: options.name,
    baseURL,
  });

  const create = await request.post(`${baseURL}/api/org/create`, {
    headers: { origin, cookie: cookieHeader },
    data: {
      company_name: companyName,
      subdomain: options.subdomain,
      default_currency: options.defaultCurrency ?? 'GBP',
    },
  });
  expect(create.status(), `org/create: ${await create.text()}`).toBeLessThan(300);
  const created = (await create.json()) as { organization: { id: string } };

  return {
    email,
    password,
    name,
    companyName,
    subdomain: options.subdomain,
    organizationId: created.organization.id,
    cookies,
    storageState: { cookies, origins: [] },
    cookieHeader,
  };
}

/** A subdomain no other test run has used: `{prefix}-{random}`. */
export function uniqueSubdomain(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}
