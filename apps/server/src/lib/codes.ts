// Random codes for orders and tickets (short, human, no confusable characters) and the unguessable token that
// an order's links carry. Codes are unique by index; a clash (1 in ~10^9 per pair) is retried by the caller.
import { randomBytes, randomInt } from 'node:crypto';
import { CODE_ALPHABET } from '@marquee/shared';

export function randomCode(length: number): string {
  let code = '';
  for (let index = 0; index < length; index += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** 'MQ-7K3F9X' */
export const newOrderCode = () => `MQ-${randomCode(6)}`;
/** 'T-4KX9PQ2M7A' */
export const newTicketCode = () => `T-${randomCode(10)}`;
/** 256 random bits, base64url: the order page's capability. */
export const newAccessToken = () => randomBytes(32).toString('base64url');
export const ACCESS_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
