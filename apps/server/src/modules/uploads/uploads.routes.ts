// POST /api/uploads/image (signed-in users; multipart parsing exists only inside this plugin) and the public
// GET /uploads/* that serves stored files through the storage adapter.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_MAX_BYTES } from '@marquee/shared';
import { isValidStorageKey, type FileStorage } from '../../adapters/storage/storage.js';
import type { Database } from '../../db/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import { createImageUpload, UPLOAD_PURPOSES } from './uploads.service.js';
import { getStoredImage } from './variants.js';

/** Who is calling; the app passes the auth module's requireUser as `resolveAuth`. */
export interface RequestAuth {
  userId: string;
  email: string;
  organizationId: string | null;
}

export interface UploadRoutesDeps {
  db: Database;
  storage: FileStorage;
  /** Answers the caller or throws AppError('UNAUTHORIZED', ...). */
  resolveAuth: (request: FastifyRequest) => Promise<RequestAuth>;
}

export const uploadImageResponseSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  contentType: z.literal('image/webp'),
});
export type UploadImageResponse = z.infer<typeof uploadImageResponseSchema>;

const purposeSchema = z.enum(UPLOAD_PURPOSES, { error: `purpose must be one of: ${UPLOAD_PURPOSES.join(', ')}` });

const missingFile = () =>
  new AppError('VALIDATION_ERROR', 'Choose an image to upload', [
    { path: 'file', message: 'Choose an image to upload' },
  ]);

export async function uploadRoutes(app: FastifyInstance, deps: UploadRoutesDeps) {
  await app.register(fastifyMultipart, {
    // One byte over the limit is enough to know a file is too large; the rest is read and discarded.
    throwFileSizeLimit: false,
    limits: { fileSize: IMAGE_MAX_BYTES + 1, files: 1, fields: 4, fieldSize: 256, fieldNameSize: 64, parts: 6 },
  });

  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/api/uploads/image',
      { schema: { response: { 201: uploadImageResponseSchema } } },
      async (request, reply) => {
        const auth = await deps.resolveAuth(request);
        if (!request.isMultipart()) {
          throw new AppError('BAD_REQUEST', 'Send the image as multipart/form-data with a file field named "file"');
        }

        let file: { bytes: Buffer; tooLarge: boolean } | undefined;
        let purpose: unknown;
        try {
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              if (part.fieldname !== 'file') {
                part.file.resume();
                continue;
              }
              const bytes = await part.toBuffer();
              file = { bytes, tooLarge: part.file.truncated };
            } else if (part.fieldname === 'purpose') {
              purpose = part.value;
            }
          }
        } catch (error) {
          // The multipart plugin's own limits answer 4xx; anything else the parser throws is a broken body.
          const status = (error as { statusCode?: number }).statusCode;
          if (status && status >= 400 && status < 500) throw error;
          throw new AppError('BAD_REQUEST', 'The upload is not a well-formed multipart/form-data body');
        }

        const parsedPurpose = purposeSchema.safeParse(purpose);
        if (!parsedPurpose.success) {
          const message = parsedPurpose.error.issues[0]?.message ?? 'Invalid purpose';
          throw new AppError('VALIDATION_ERROR', message, [{ path: 'purpose', message }]);
        }
        if (!file || file.bytes.length === 0) throw missingFile();

        const created = await createImageUpload(
          { db: deps.db, storage: deps.storage },
          {
            userId: auth.userId,
            organizationId: auth.organizationId,
            purpose: parsedPurpose.data,
            bytes: file.bytes,
            tooLarge: file.tooLarge,
          },
        );
        return reply.status(201).send(created);
      },
    );
}

/** Registers POST /api/uploads/image in its own encapsulated context, so multipart is parsed nowhere else. */
export async function registerUploads(app: FastifyInstance, deps: UploadRoutesDeps): Promise<void> {
  await app.register(uploadRoutes, deps);
}

// Stored files are re-encoded images, and this policy makes a browser treat them as nothing more even if
// one is opened directly: no scripts, no plugins, sandboxed, never sniffed.
const uploadHeaders = {
  'cache-control': 'public, max-age=31536000, immutable',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
  'content-disposition': 'inline',
  // Public images are shown on the app host, organisation subdomains and custom domains alike.
  'cross-origin-resource-policy': 'cross-origin',
};

/** GET /uploads/<key>: public, on every host; keys are unguessable UUIDs and never reused (variants are derived
 * from an original that never changes, so they may be cached as immutable too). */
export function publicUploadRoutes(app: FastifyInstance, storage: FileStorage) {
  app.get('/uploads/*', async (request, reply) => {
    const key = (request.params as { '*'?: string })['*'] ?? '';
    if (!isValidStorageKey(key)) throw notFound();
    // A responsive variant missing from storage (an image uploaded before variants existed) is made here once.
    const stored = await getStoredImage(storage, key);
    if (!stored) throw notFound();
    return reply.headers(uploadHeaders).type(stored.contentType).send(stored.body);
  });
}
