// Our identity service: better-auth on our own database with e-mail + password, 6-digit e-mail codes for
// verification and password reset, Google/Microsoft/LinkedIn when configured, organisations, and bearer tokens.
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { bearer, emailOTP, organization } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  AUTH_ERROR_CODES,
  AUTH_MESSAGES,
  isValidEmail,
  meetsPasswordRules,
  VERIFICATION_CODE_LENGTH,
} from '@marquee/shared';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import * as schema from '../../db/schema/index.js';
import { loggableError } from '../../db/errors.js';
import { isBreachedPassword } from './breached-passwords.js';
import { AUTH_BASE_PATH, DISABLED_AUTH_PATHS } from './auth-paths.js';
import {
  fitProviderUser,
  fitUserAgent,
  USER_FIELD_MESSAGES,
  userFieldErrors,
  userFieldsSchema,
} from './auth-fields.js';

export type AuthCodeType = 'email-verification' | 'forget-password' | 'sign-in' | 'change-email';

export interface AuthDeps {
  config: Config;
  db: Database;
  log: FastifyBaseLogger;
  /** Sends the e-mail carrying a one-time code. */
  sendCode(input: { email: string; code: string; type: AuthCodeType }): Promise<void>;
}

export { SOCIAL_PROVIDERS, type SocialProviderId } from './auth-paths.js';

export const CODE_EXPIRES_IN_SECONDS = 10 * 60;

/**
 * Every path that sets a password, with the body field better-auth actually stores. Checking only that field
 * matters: a valid decoy in another field must not let a weak new password through.
 */
const PASSWORD_FIELD_BY_PATH: Readonly<Record<string, 'password' | 'newPassword'>> = {
  '/sign-up/email': 'password',
  '/email-otp/reset-password': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
};
/** Server-only endpoints have no path; the hook sees them by operation id. */
const PASSWORD_FIELD_BY_OPERATION: Readonly<Record<string, 'newPassword'>> = { setPassword: 'newPassword' };

function passwordFieldOf(ctx: { path?: string; operationId?: unknown }): 'password' | 'newPassword' | undefined {
  if (ctx.path && Object.hasOwn(PASSWORD_FIELD_BY_PATH, ctx.path)) return PASSWORD_FIELD_BY_PATH[ctx.path];
  const operation = ctx.operationId;
  if (typeof operation === 'string' && Object.hasOwn(PASSWORD_FIELD_BY_OPERATION, operation)) {
    return PASSWORD_FIELD_BY_OPERATION[operation];
  }
  return undefined;
}

export function configuredSocialProviders(config: Config) {
  const env = config.raw;
  return {
    ...(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? { google: { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET } }
      : {}),
    ...(env.MICROSOFT_CLIENT_ID && env.MICROSOFT_CLIENT_SECRET
      ? {
          microsoft: {
            clientId: env.MICROSOFT_CLIENT_ID,
            clientSecret: env.MICROSOFT_CLIENT_SECRET,
            tenantId: env.MICROSOFT_TENANT_ID,
          },
        }
      : {}),
    ...(env.LINKEDIN_CLIENT_ID && env.LINKEDIN_CLIENT_SECRET
      ? { linkedin: { clientId: env.LINKEDIN_CLIENT_ID, clientSecret: env.LINKEDIN_CLIENT_SECRET } }
      : {}),
  };
}

/** Rate limits per client IP. RATE_LIMIT_MULTIPLIER scales them (for load tests and browser test runs). */
export function authRateLimitRules(multiplier: number) {
  const rule = (window: number, max: number) => ({ window, max: Math.max(1, Math.round(max * multiplier)) });
  return {
    '/sign-in/email': rule(60, 10),
    '/sign-up/email': rule(60, 5),
    '/sign-in/social': rule(60, 10),
    '/email-otp/send-verification-otp': rule(60, 3),
    '/email-otp/request-password-reset': rule(60, 3),
    '/forget-password/email-otp': rule(60, 3),
    '/email-otp/reset-password': rule(60, 5),
    '/email-otp/verify-email': rule(60, 10),
    '/get-session': false as const,
  };
}

export function createAuth(deps: AuthDeps) {
  const { config, db, log } = deps;
  const secureCookies = config.appUrl.startsWith('https://');
  const devOrigins = config.isProduction ? [] : ['http://localhost:5173'];
  const appOrigin = new URL(config.appUrl).origin;
  const userFields = userFieldsSchema(appOrigin);
  const fitUser = <T extends { name?: unknown; image?: unknown; email?: unknown }>(user: T): T => {
    const fitted = fitProviderUser(user, appOrigin);
    if (!fitted)
      throw new APIError('BAD_REQUEST', { code: 'VALIDATION_ERROR', message: USER_FIELD_MESSAGES.emailTooLong });
    return fitted;
  };

  return betterAuth({
    appName: 'Marquee',
    baseURL: config.appUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.authSecret,
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        organization: schema.organization,
        member: schema.member,
        invitation: schema.invitation,
        rateLimit: schema.rateLimit,
      },
    }),
    trustedOrigins: [config.appUrl, ...devOrigins],
    // The mount opens only the endpoints the product uses (auth-paths.ts); the library refuses the rest too, so a
    // request that reached it by some spelling the mount did not foresee still finds them closed.
    disabledPaths: [...DISABLED_AUTH_PATHS],
    logger: {
      level: 'warn',
      log: (level, message) => {
        // Never forward better-auth's extra arguments: they can hold e-mail addresses or tokens.
        if (level === 'error') log.error({ source: 'auth' }, message);
        else if (level === 'warn') log.warn({ source: 'auth' }, message);
        else log.info({ source: 'auth' }, message);
      },
    },
    onAPIError: {
      // A failed social sign-in with no callback of its own lands on the web app's page for it ('/error' is closed).
      errorURL: `${config.appUrl}/sso-callback`,
      // A refused sign-in or a wrong code is the client's business, not a server error: log it quietly.
      onError(error) {
        const status = (error as { statusCode?: number }).statusCode ?? 500;
        if (status >= 500) log.error({ err: loggableError(error), source: 'auth' }, 'identity request failed');
        else log.debug({ source: 'auth', status }, (error as Error).message);
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
    },
    socialProviders: configuredSocialProviders(config),
    account: { accountLinking: { enabled: true, trustedProviders: ['google', 'microsoft', 'linkedin'] } },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: Math.round(300 * config.rateLimitMultiplier),
      customRules: authRateLimitRules(config.rateLimitMultiplier),
    },
    advanced: {
      useSecureCookies: secureCookies,
      cookiePrefix: 'marquee',
      // The Fastify mount sets this header from request.ip (which honours TRUST_PROXY), so clients cannot
      // pick their own rate-limit bucket by sending X-Forwarded-For.
      ipAddress: { ipAddressHeaders: ['x-marquee-client-ip'] },
    },
    databaseHooks: {
      // The last line for what reaches the tables by other paths than a form (a social provider's profile, a
      // server-side call): fitted to the same bounds. Forms are refused with a message by the hook below.
      user: {
        create: { before: async (user) => ({ data: fitUser(user) }) },
        update: { before: async (user) => ({ data: fitUser(user) }) },
      },
      session: {
        create: { before: async (session) => ({ data: { ...session, userAgent: fitUserAgent(session.userAgent) } }) },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        const fieldErrors = userFieldErrors(userFields, body);
        if (fieldErrors.length > 0) {
          const summary = fieldErrors.map((field) => `${field.path}: ${field.message}`).join('; ');
          throw new APIError('BAD_REQUEST', {
            code: 'VALIDATION_ERROR',
            message: `Invalid body: ${summary}`,
            fields: fieldErrors,
          });
        }
        if (ctx.path === '/sign-up/email' && typeof body.email === 'string') {
          // The spec shows 'An account with this email already exists' at sign-up, so an existing address
          // is refused here rather than answered with better-auth's silent look-alike response.
          const [existing] = await db
            .select({ id: schema.user.id })
            .from(schema.user)
            .where(eq(schema.user.email, body.email.trim().toLowerCase()))
            .limit(1);
          if (existing) {
            throw new APIError('UNPROCESSABLE_ENTITY', {
              code: AUTH_ERROR_CODES.identifierExists,
              message: AUTH_MESSAGES.identifierExists,
            });
          }
        }
        const passwordField = passwordFieldOf(ctx as { path?: string; operationId?: unknown });
        if (passwordField) {
          // A missing or non-string field is refused by better-auth's own body schema.
          const password = body[passwordField];
          if (typeof password === 'string') {
            if (!meetsPasswordRules(password)) {
              throw new APIError('BAD_REQUEST', {
                code: AUTH_ERROR_CODES.passwordValidationFailed,
                message: AUTH_MESSAGES.passwordValidationFailed,
              });
            }
            const breached = await isBreachedPassword(password, {
              rangeCheck: config.raw.HIBP_RANGE_CHECK,
              onRangeCheckError: (error) => log.warn({ err: error }, 'breached-password range check unavailable'),
            });
            if (breached) {
              throw new APIError('BAD_REQUEST', {
                code: AUTH_ERROR_CODES.passwordPwned,
                message: AUTH_MESSAGES.passwordPwned,
              });
            }
          }
        }
        if (ctx.path === '/email-otp/send-verification-otp' && body.type === 'sign-in') {
          // Sign-in codes are off (/sign-in/email-otp is closed): do not mail one.
          throw new APIError('BAD_REQUEST', {
            code: 'SIGN_IN_CODES_DISABLED',
            message: 'Sign-in by e-mail code is not available',
          });
        }
        if (
          (ctx.path === '/email-otp/request-password-reset' || ctx.path === '/forget-password/email-otp') &&
          typeof body.email === 'string' &&
          isValidEmail(body.email)
        ) {
          const [existing] = await db
            .select({ id: schema.user.id })
            .from(schema.user)
            .where(eq(schema.user.email, body.email.trim().toLowerCase()))
            .limit(1);
          if (!existing) {
            throw new APIError('NOT_FOUND', {
              code: AUTH_ERROR_CODES.emailNotFound,
              message: AUTH_MESSAGES.emailNotFoundForReset,
            });
          }
        }
      }),
    },
    plugins: [
      emailOTP({
        otpLength: VERIFICATION_CODE_LENGTH,
        expiresIn: CODE_EXPIRES_IN_SECONDS,
        allowedAttempts: 5,
        overrideDefaultEmailVerification: true,
        // An e-mail code never creates an account: accounts come from sign-up (password) or a social provider.
        disableSignUp: true,
        async sendVerificationOTP({ email, otp, type }) {
          try {
            await deps.sendCode({ email, code: otp, type });
          } catch (error) {
            // Not the error itself: mail servers' messages often quote the recipient's address.
            const reason = (error as { code?: unknown }).code ?? (error as Error).name;
            log.error({ type, reason }, 'could not send the e-mail code');
            throw error;
          }
        },
      }),
      organization({ allowUserToCreateOrganization: true, creatorRole: 'owner' }),
      // Only the signed token (the set-auth-token header) is a bearer credential, never the raw one in the table.
      bearer({ requireSignature: true }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
