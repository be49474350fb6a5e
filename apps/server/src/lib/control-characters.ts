// Finds C0 control characters (except tab, line feed and carriage return) and DEL in any string of a parsed
// request part. PostgreSQL refuses NUL in text, and none of them belongs in a form field.
import type { FieldError } from './errors.js';

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
export const CONTROL_CHARACTER_MESSAGE = 'Must not contain control characters';

export const hasControlCharacter = (text: string) => CONTROL_CHARACTER.test(text);

/** The first path (dot-separated, as in validation errors) whose string or key holds a control character. */
export function findControlCharacter(value: unknown, path: string[] = [], depth = 0): string[] | undefined {
  if (typeof value === 'string') return hasControlCharacter(value) ? path : undefined;
  if (depth > 32 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return undefined;
  // Every request's parts pass here: the path is built only for the field that holds one.
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = findControlCharacter(value[index], [], depth + 1);
      if (found) return [...path, String(index), ...found];
    }
    return undefined;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (hasControlCharacter(key)) return [...path, key];
    const found = findControlCharacter((value as Record<string, unknown>)[key], [], depth + 1);
    if (found) return [...path, key, ...found];
  }
  return undefined;
}

/** A field error for the first control character in the body, query or params, if any. */
export function controlCharacterError(parts: { where: string; value: unknown }[]): FieldError | undefined {
  for (const { where, value } of parts) {
    const found = findControlCharacter(value);
    if (found) return { path: found.join('.') || where, message: CONTROL_CHARACTER_MESSAGE };
  }
  return undefined;
}
