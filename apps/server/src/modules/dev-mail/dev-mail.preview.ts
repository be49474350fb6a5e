// How the development mailbox shows an outbox message: the HTML part with its inline (cid:) images pointed at
// the attachment route, and the headers an attachment is served with.
import type { OutboxAttachmentInfo, OutboxMessage } from '../../adapters/mail/outbox.js';

export function attachmentUrl(mailId: string, attachmentId: string): string {
  return `/api/dev/mail/${encodeURIComponent(mailId)}/attachments/${encodeURIComponent(attachmentId)}`;
}

/**
 * The document shown in the sandboxed preview frame. Links open in a new tab instead of inside the frame; the
 * frame runs no scripts and has an opaque origin (sandbox without allow-scripts or allow-same-origin).
 * `cid:` references become the attachment's URL, as a mail client would resolve them; unknown ones stay.
 */
export function previewDocument(message: Pick<OutboxMessage, 'id' | 'html' | 'attachments'>): string {
  const byCid = new Map<string, string>();
  for (const attachment of message.attachments) {
    if (attachment.cid) byCid.set(attachment.cid, attachmentUrl(message.id, attachment.id));
  }
  const html = message.html.replace(/(["'(])cid:([^"')\s]+)/gi, (match, quote: string, reference: string) => {
    const url = byCid.get(reference) ?? byCid.get(safeDecode(reference));
    return url ? `${quote}${url}` : match;
  });
  const base = '<base target="_blank">';
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => `${head}${base}`) : `${base}${html}`;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

// Raster images shown inline in the preview; anything else (SVG included, which can carry script) downloads.
const inlineImageTypes = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/**
 * Attachments are untrusted bytes served from the app's origin, so they download by default, are never
 * sniffed and are sandboxed if opened anyway. Inline raster images may show inline, and may be loaded by the
 * preview frame, whose opaque origin counts as cross-origin.
 */
export function attachmentHeaders(attachment: OutboxAttachmentInfo): Record<string, string> {
  const inline = attachment.cid !== null && inlineImageTypes.has(attachment.contentType.toLowerCase());
  return {
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    'content-disposition': contentDisposition(inline ? 'inline' : 'attachment', attachment.filename),
    ...(inline ? { 'cross-origin-resource-policy': 'cross-origin' } : {}),
  };
}

/** RFC 6266: an ASCII fallback name plus the exact name in RFC 5987 encoding. */
export function contentDisposition(type: 'inline' | 'attachment', filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\%;]/g, '_') || 'attachment';
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
