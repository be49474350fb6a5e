// For tests of PRO features other than the subscription itself: gives an organisation a paid month of PRO
// (the row the payment adapter's subscription webhooks would write). The PRO plan's own tests go through Billing.
import type { Database } from '../src/db/client.js';
import { organizationPlan } from '../src/db/schema/index.js';

export async function grantPro(db: Database, organizationId: string, days = 30): Promise<void> {
  const start = new Date();
  await db
    .insert(organizationPlan)
    .values({
      organizationId,
      status: 'active',
      provider: 'sandbox',
      currentPeriodStart: start,
      currentPeriodEnd: new Date(start.getTime() + days * 86_400_000),
    })
    .onConflictDoUpdate({
      target: organizationPlan.organizationId,
      set: { status: 'active', currentPeriodEnd: new Date(start.getTime() + days * 86_400_000), endedAt: null },
    });
}
