// Unsubscribing from an organisation's marketing e-mails (decision 154): the address goes on the organisation's
// suppression list and its customer's marketing consent is turned off. A later purchase that gives consent again
// (after the unsubscribe) lets marketing reach it again; see audiences.ts.
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { customer, marketingSuppression, organizationSettings } from '../../db/schema/index.js';
import type { UnsubscribeTarget } from './unsubscribe-tokens.js';

/** The organisation's name for the confirmation page, or null when it no longer exists. */
export async function unsubscribeView(db: Database, target: UnsubscribeTarget) {
  const [row] = await db
    .select({ companyName: organizationSettings.companyName })
    .from(organizationSettings)
    .where(eq(organizationSettings.organizationId, target.organizationId))
    .limit(1);
  if (!row) return null;
  const [suppressed] = await db
    .select({ at: marketingSuppression.at })
    .from(marketingSuppression)
    .where(
      and(eq(marketingSuppression.organizationId, target.organizationId), eq(marketingSuppression.email, target.email)),
    )
    .limit(1);
  return { companyName: row.companyName, unsubscribed: Boolean(suppressed) };
}

/** Idempotent; the suppression carries the latest unsubscribe's time. */
export async function unsubscribe(db: Database, target: UnsubscribeTarget): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(marketingSuppression)
      .values({ organizationId: target.organizationId, email: target.email, reason: 'unsubscribed' })
      .onConflictDoUpdate({
        target: [marketingSuppression.organizationId, marketingSuppression.email],
        // A consent given since (a later purchase) is withdrawn again.
        set: { at: sql`now()` },
      });
    await tx
      .update(customer)
      .set({ marketingConsent: false })
      .where(and(eq(customer.organizationId, target.organizationId), eq(customer.email, target.email)));
  });
}
