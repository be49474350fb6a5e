// What the v1 routes share in their OpenAPI description: the error answers in the product's envelope and the
// path parameters.
import { z } from 'zod';
import { apiErrorSchema } from '@marquee/shared';

/** The error answers every scoped v1 route may give. */
export const readErrors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  402: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  429: apiErrorSchema,
} as const;

/** A POST's too: the Idempotency-Key still in flight (409) or used with another request (422). */
export const writeErrors = { ...readErrors, 409: apiErrorSchema, 422: apiErrorSchema } as const;

export const idParams = z.object({ id: z.string().max(64) });
export const typeParams = z.object({ id: z.string().max(64), typeId: z.string().max(64) });

export const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .max(255)
    .describe('Unique per operation; the same key with the same request returns the first answer again'),
});
