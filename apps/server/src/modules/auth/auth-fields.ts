// Bounds on what better-auth stores about a person: a name as long as a ticket holder's and free of control
// characters, an e-mail address of at most 254 characters, an image that is an https: address or one of our own
// uploads, and a session's user agent cut to a sensible length.
import { z } from 'zod';
import { HOLDER_NAME_MAX } from '@marquee/shared';
import type { FieldError } from '../../lib/errors.js';

/** A person's name: the same limit as a ticket holder's name. */
export const USER_NAME_MAX = HOLDER_NAME_MAX;
/** RFC 5321's longest forward path. */
export const EMAIL_MAX = 254;
export const IMAGE_URL_MAX = 2048;
export const USER_AGENT_MAX = 512;

// Control characters (tab and line breaks included: a name is one line), line and paragraph separators, and the
// bidirectional overrides that make a name read differently from what it is.
const NOT_IN_A_NAME = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;
const OWN_UPLOAD_PATH = /^\/uploads\/[A-Za-z0-9][A-Za-z0-9._/-]*$/;

export const USER_FIELD_MESSAGES = {
  nameRequired: 'Enter your name',
  nameTooLong: `Name must be ${USER_NAME_MAX} characters or less`,
  nameControl: 'Name must not contain control characters',
  emailTooLong: `Email must be ${EMAIL_MAX} characters or less`,
  image: `Image must be an https:// address or one of your uploads, at most ${IMAGE_URL_MAX} characters`,
} as const;

/** An https: address (no user name or password in it), or one of our own uploads, as a path or on the app's origin. */
export function isAllowedImageUrl(value: string, appOrigin: string): boolean {
  if (value.length > IMAGE_URL_MAX || /\s/.test(value)) return false;
  if (OWN_UPLOAD_PATH.test(value)) return !value.split('/').includes('..');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return url.origin === appOrigin && OWN_UPLOAD_PATH.test(url.pathname) && !url.pathname.split('/').includes('..');
}

export function userFieldsSchema(appOrigin: string) {
  return z.object({
    name: z
      .string()
      .trim()
      .min(1, USER_FIELD_MESSAGES.nameRequired)
      .max(USER_NAME_MAX, USER_FIELD_MESSAGES.nameTooLong)
      .refine((name) => !NOT_IN_A_NAME.test(name), USER_FIELD_MESSAGES.nameControl)
      .optional(),
    email: z.string().max(EMAIL_MAX, USER_FIELD_MESSAGES.emailTooLong).optional(),
    newEmail: z.string().max(EMAIL_MAX, USER_FIELD_MESSAGES.emailTooLong).optional(),
    image: z
      .string()
      .refine((image) => isAllowedImageUrl(image, appOrigin), USER_FIELD_MESSAGES.image)
      .nullable()
      .optional(),
  });
}

/**
 * The field errors of a request body's person fields (a wrong type is left to better-auth's own schema), or none.
 * Other keys are not ours to judge here.
 */
export function userFieldErrors(schema: ReturnType<typeof userFieldsSchema>, body: Record<string, unknown>) {
  const fields = Object.fromEntries(
    (['name', 'email', 'newEmail', 'image'] as const)
      .filter((key) => Object.hasOwn(body, key) && (typeof body[key] === 'string' || body[key] === null))
      .map((key) => [key, body[key]]),
  );
  const result = schema.safeParse(fields);
  if (result.success) return [];
  return result.error.issues.map((issue): FieldError => ({ path: issue.path.join('.'), message: issue.message }));
}

/**
 * A person as a social provider describes them, made to fit: the name cleaned and cut, an image we would not
 * accept from a form dropped (Microsoft sends its photo as a data: URL). Provider data is not the user's typing,
 * so it is fitted rather than refused; an over-long e-mail address is still refused.
 */
export function fitProviderUser<T extends { name?: unknown; image?: unknown; email?: unknown }>(
  data: T,
  appOrigin: string,
): T | null {
  if (typeof data.email === 'string' && data.email.length > EMAIL_MAX) return null;
  const fitted = { ...data };
  if (typeof fitted.name === 'string') {
    const cleaned = fitted.name.replace(new RegExp(NOT_IN_A_NAME.source, 'gu'), ' ').trim();
    let cut = '';
    for (const character of cleaned) {
      if (cut.length + character.length > USER_NAME_MAX) break;
      cut += character;
    }
    fitted.name = (cut.trim() || 'Marquee user') as T['name'];
  }
  if (typeof fitted.image === 'string' && !isAllowedImageUrl(fitted.image, appOrigin)) {
    fitted.image = null as T['image'];
  }
  return fitted;
}

export const fitUserAgent = (userAgent: string | null | undefined) => userAgent?.slice(0, USER_AGENT_MAX) ?? userAgent;
