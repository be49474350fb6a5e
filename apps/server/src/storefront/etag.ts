// Storefront pages revalidate instead of downloading again: each carries an ETag made from its HTML and a
// matching If-None-Match is answered 304 with no body. `no-cache` makes browsers (and any shared cache) ask
// every time, so a page never shows stale availability, while an unchanged page costs only headers.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Revalidate on every use; storefront pages are the same for every visitor, so shared caches may keep them. */
export const STOREFRONT_CACHE_CONTROL = 'public, no-cache';

/**
 * A weak validator: the same HTML may leave gzip- or brotli-encoded, so the bytes on the wire differ while the
 * page is the same (weak comparison is all If-None-Match uses anyway).
 */
export function htmlEtag(html: string): string {
  return `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 32)}"`;
}

/** RFC 9110 13.1.2: `*`, or any listed tag equal to ours under weak comparison (the W/ prefix ignored). */
export function ifNoneMatchMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const ours = opaque(etag);
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === ours);
}

/**
 * Sends a storefront page with its ETag, or 304 when the browser already holds this exact page. A page whose HTML
 * depends on request headers (the event page's default country follows Accept-Language) passes 'no-cache' so
 * that only the browser keeps it.
 */
export function sendStorefrontHtml(
  request: FastifyRequest,
  reply: FastifyReply,
  html: string,
  cacheControl = STOREFRONT_CACHE_CONTROL,
) {
  const etag = htmlEtag(html);
  reply.header('etag', etag).header('cache-control', cacheControl);
  if (ifNoneMatchMatches(request.headers['if-none-match'], etag)) return reply.status(304).send();
  return reply.type('text/html; charset=utf-8').send(html);
}
