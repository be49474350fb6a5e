// The embeddable checkout's settings (decision 153): the sites an organisation allows to frame its embed pages,
// and the snippets that put the embed on such a site. Every read and write is scoped by organisation.
import { asc, eq } from 'drizzle-orm';
import { checkEmbedOrigin, MAX_EMBED_ORIGINS, type EmbedSettings } from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { embedOrigin } from '../../db/schema/index.js';
import { AppError, type FieldError } from '../../lib/errors.js';
import { storefrontOrigin, type EventsContext } from '../events/events.service.js';

export interface EmbedDeps {
  db: Database;
  context: EventsContext;
  /** https only in production; http too outside it (local sites). */
  allowHttp: boolean;
}

/** The organisation's allowed origins, in the order they were added. */
export async function listEmbedOrigins(db: Database, organizationId: string): Promise<string[]> {
  const rows = await db
    .select({ origin: embedOrigin.origin })
    .from(embedOrigin)
    .where(eq(embedOrigin.organizationId, organizationId))
    .orderBy(asc(embedOrigin.createdAt), asc(embedOrigin.origin));
  return rows.map((row) => row.origin);
}

/** The typed list as origins (duplicates once), or a 400 naming each line that is not one. */
export function parseEmbedOrigins(typed: string[], allowHttp: boolean): string[] {
  const fields: FieldError[] = [];
  const origins: string[] = [];
  typed.forEach((text, index) => {
    const check = checkEmbedOrigin(text, { allowHttp });
    if (!check.ok) fields.push({ path: `origins.${index}`, message: check.message });
    else if (!origins.includes(check.origin)) origins.push(check.origin);
  });
  if (fields.length > 0) throw new AppError('VALIDATION_ERROR', fields[0]!.message, fields);
  if (origins.length > MAX_EMBED_ORIGINS)
    throw new AppError('VALIDATION_ERROR', `At most ${MAX_EMBED_ORIGINS} sites.`, [
      { path: 'origins', message: `At most ${MAX_EMBED_ORIGINS} sites.` },
    ]);
  return origins;
}

/** Replaces the organisation's list with `typed` (all or nothing). */
export async function saveEmbedOrigins(deps: EmbedDeps, organizationId: string, typed: string[]) {
  const origins = parseEmbedOrigins(typed, deps.allowHttp);
  await deps.db.transaction(async (tx) => {
    await tx.delete(embedOrigin).where(eq(embedOrigin.organizationId, organizationId));
    const start = Date.now();
    if (origins.length > 0)
      await tx
        .insert(embedOrigin)
        .values(origins.map((origin, at) => ({ organizationId, origin, createdAt: new Date(start + at) })));
  });
  return embedSettings(deps, organizationId);
}

export async function embedSettings(deps: EmbedDeps, organizationId: string): Promise<EmbedSettings> {
  const [origins, storefront] = await Promise.all([
    listEmbedOrigins(deps.db, organizationId),
    storefrontOrigin(deps.db, organizationId, deps.context),
  ]);
  if (!storefront) throw new AppError('NO_ORGANIZATION', 'Set up your organisation first.');
  return {
    origins,
    storefront_origin: storefront,
    script_snippet: `<script src="${storefront}/embed.js" async></script>`,
    iframe_snippet: `<iframe src="${storefront}/embed" title="Tickets" style="width:100%;min-height:900px;border:0"></iframe>`,
    preview_url: `${storefront}/embed`,
  };
}
