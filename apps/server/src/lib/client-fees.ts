// The booking fee is never the client's to set (decision 124): a body carrying one on the organiser's event or
// ticket type routes is refused in the error envelope, named by its key, before the route's schema drops it.
import type { FastifyRequest } from 'fastify';
import { CLIENT_FEE_KEYS, FREE_MESSAGES } from '@marquee/shared';
import { AppError } from './errors.js';

/** A route's preValidation hook: 400 when the body sends a booking fee. */
export async function refuseClientFees(request: FastifyRequest): Promise<void> {
  const body = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return;
  const sent = CLIENT_FEE_KEYS.filter((key) => Object.hasOwn(body, key));
  if (sent.length === 0) return;
  const message = FREE_MESSAGES.feeFromClient;
  throw new AppError(
    'VALIDATION_ERROR',
    message,
    sent.map((path) => ({ path, message })),
  );
}
