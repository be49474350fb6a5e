// Which of better-auth's endpoints the product opens under /api/auth, decided on the request path as a normaliser
// would read it (decoded, dot segments resolved, backslashes and repeated slashes folded), never as written: the
// library resolves `./`, `%2e`, `x/../` and `\` itself, so a check on the raw text could be walked around.

export const AUTH_BASE_PATH = '/api/auth';

/** The social sign-in providers the product offers (each is live once its keys are set). */
export const SOCIAL_PROVIDERS = {
  google: 'Google',
  microsoft: 'Microsoft',
  linkedin: 'LinkedIn',
} as const;
export type SocialProviderId = keyof typeof SOCIAL_PROVIDERS;

/**
 * The only better-auth endpoints the browser calls (apps/web/src/lib/auth-client.ts and the auth modal): e-mail and
 * password sign-up and sign-in, the e-mail codes for verification and password reset, social sign-in with its
 * provider callbacks, the session read, and sign-out. Everything else under /api/auth answers 404: organisations,
 * members and invitations change only through the product's own routes (modules/organizations, modules/team), and
 * account settings (user, e-mail, password changes, session lists) are not offered.
 */
export const OPEN_AUTH_ENDPOINTS: Readonly<Record<string, readonly ('GET' | 'POST')[]>> = {
  '/sign-up/email': ['POST'],
  '/sign-in/email': ['POST'],
  '/sign-in/social': ['POST'],
  // Providers return by redirect (GET) or by form post (POST); better-auth takes both.
  ...Object.fromEntries(Object.keys(SOCIAL_PROVIDERS).map((id) => [`/callback/${id}`, ['GET', 'POST'] as const])),
  '/get-session': ['GET'],
  '/sign-out': ['POST'],
  '/email-otp/send-verification-otp': ['POST'],
  '/email-otp/verify-email': ['POST'],
  '/email-otp/request-password-reset': ['POST'],
  '/email-otp/reset-password': ['POST'],
};

/**
 * Every other endpoint better-auth 1.7 (with the emailOTP, organization and bearer plugins) serves over HTTP, given to
 * its `disabledPaths` so the library refuses them too, whatever reaches it. Two endpoints carry a path parameter and
 * cannot be listed by exact path (`/reset-password/:token`, `/callback/:id` for other providers): only the mount's
 * allow-list stands before them. auth-routes.test.ts checks this list against the library's own endpoint table.
 */
export const DISABLED_AUTH_PATHS: readonly string[] = [
  '/account-info',
  '/change-email',
  '/change-password',
  '/delete-user',
  '/delete-user/callback',
  '/email-otp/change-email',
  '/email-otp/check-verification-otp',
  '/email-otp/request-email-change',
  '/error',
  '/forget-password/email-otp',
  '/get-access-token',
  '/link-social',
  '/list-accounts',
  '/list-sessions',
  '/ok',
  '/organization/accept-invitation',
  '/organization/cancel-invitation',
  '/organization/check-slug',
  '/organization/create',
  '/organization/delete',
  '/organization/get-active-member',
  '/organization/get-active-member-role',
  '/organization/get-full-organization',
  '/organization/get-invitation',
  '/organization/get-organization',
  '/organization/has-permission',
  '/organization/invite-member',
  '/organization/leave',
  '/organization/list',
  '/organization/list-invitations',
  '/organization/list-members',
  '/organization/list-user-invitations',
  '/organization/reject-invitation',
  '/organization/remove-member',
  '/organization/set-active',
  '/organization/update',
  '/organization/update-member-role',
  '/refresh-token',
  '/request-password-reset',
  '/reset-password',
  '/revoke-other-sessions',
  '/revoke-session',
  '/revoke-sessions',
  '/send-verification-email',
  '/sign-in/email-otp',
  '/unlink-account',
  '/update-session',
  '/update-user',
  '/verify-email',
  '/verify-password',
];

export const REQUEST_TARGET_MESSAGE = 'The request target must be a path on this server, like /api/health';

/** True when the request target is origin-form (`/path?query`): not absolute-form (`http://host/path`), not `*`. */
export const isOriginForm = (target: string) => target.startsWith('/');

/**
 * The path a normaliser would make of a request target: percent-decoded once, backslashes read as slashes, empty
 * and `.` segments dropped, `..` taking the previous segment away, no trailing slash. Null for a target that is not
 * origin-form or does not decode.
 */
export function normalisedPath(target: string): string | null {
  if (!isOriginForm(target)) return null;
  const raw = target.split(/[?#]/, 1)[0] ?? '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const segments: string[] = [];
  for (const segment of decoded.replace(/\\/g, '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}`;
}

/**
 * The better-auth path (without /api/auth) a request may reach, or null when it must answer 404. Matched exactly,
 * case included, against the allow-list, so only the product's own spellings of its own endpoints get through.
 */
export function openAuthPath(method: string, target: string): string | null {
  const path = normalisedPath(target);
  if (!path?.startsWith(`${AUTH_BASE_PATH}/`)) return null;
  const rest = path.slice(AUTH_BASE_PATH.length);
  const methods = Object.hasOwn(OPEN_AUTH_ENDPOINTS, rest) ? OPEN_AUTH_ENDPOINTS[rest] : undefined;
  return methods?.includes(method as 'GET' | 'POST') ? rest : null;
}

/**
 * Whether an endpoint of better-auth's table (its path pattern, `/callback/:id` say) is open for `method` in at least
 * one spelling of the allow-list. For the route-table suites (fuzz, tenant, roles).
 */
export function isOpenAuthEndpoint(method: string, pattern: string): boolean {
  const matcher = new RegExp(`^${pattern.replace(/:[A-Za-z]+/g, '[^/]+')}$`);
  return Object.entries(OPEN_AUTH_ENDPOINTS).some(
    ([path, methods]) => matcher.test(path) && methods.includes(method as 'GET' | 'POST'),
  );
}

/** The query string of a request target, with its `?`, or ''. */
export function queryOf(target: string): string {
  const start = target.indexOf('?');
  return start === -1 ? '' : target.slice(start).split('#', 1)[0]!;
}
