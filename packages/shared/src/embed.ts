// The embeddable checkout's rules (decision 153), shared by the Integrations section and the server: which
// sites may frame an organisation's embed (an origin each: scheme, host and optional port, nothing else), and
// the API's shapes.
import { z } from 'zod';

export const MAX_EMBED_ORIGINS = 20;

export type EmbedOriginCheck = { ok: true; origin: string } | { ok: false; message: string };

/**
 * One typed site as an origin ('https://example.com', 'https://shop.example.com:8443'), lower-cased, or why not.
 * https only unless `allowHttp` (outside production, for local sites); no path, query, user, or wildcard.
 */
export function checkEmbedOrigin(text: string, options: { allowHttp: boolean }): EmbedOriginCheck {
  const value = text.trim().replace(/\/$/, '');
  if (!value) return { ok: false, message: 'Enter a site address, like https://www.example.com.' };
  if (value.length > 200) return { ok: false, message: 'That address is too long.' };
  if (value.includes('*')) return { ok: false, message: 'Wildcards are not allowed: list each site address.' };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, message: `"${value}" is not a site address. Use the form https://www.example.com.` };
  }
  const https = url.protocol === 'https:';
  if (!https && !(options.allowHttp && url.protocol === 'http:'))
    return { ok: false, message: `"${value}" must start with https://.` };
  if (url.username || url.password) return { ok: false, message: `"${value}" must not contain a user name.` };
  if (url.pathname !== '/' || url.search || url.hash || /^[a-z]+:\/\/[^/]+\//i.test(value))
    return { ok: false, message: `"${value}" must be the site only, without a path (like https://www.example.com).` };
  if (!url.hostname.includes('.') && url.hostname !== 'localhost' && !options.allowHttp)
    return { ok: false, message: `"${value}" is not a full domain name.` };
  return { ok: true, origin: url.origin.toLowerCase() };
}

export const embedOriginsBodySchema = z.object({
  origins: z.array(z.string().max(300)).max(MAX_EMBED_ORIGINS, `At most ${MAX_EMBED_ORIGINS} sites.`),
});
export type EmbedOriginsBody = z.infer<typeof embedOriginsBodySchema>;

export const embedSettingsSchema = z.object({
  origins: z.array(z.string()),
  /** The storefront's origin, where embed.js and the embed pages are served. */
  storefront_origin: z.string(),
  /** The one-line script tag to paste (the event list). */
  script_snippet: z.string(),
  /** The plain iframe, for sites that do not allow scripts. */
  iframe_snippet: z.string(),
  /** The embed page itself, to preview it. */
  preview_url: z.string(),
});
export type EmbedSettings = z.infer<typeof embedSettingsSchema>;
