// The one function that decides whether an organisation has PRO now (decision 149), and the guard every PRO
// route (Integrations, the API, webhooks, customer sync) and every PRO job (webhook delivery, sync) calls.
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';
import { organizationPlan, type PlanStatus } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';

export const PRO_REQUIRED_MESSAGE = 'This needs the PRO plan. Subscribe in Billing to use Integrations and the API.';

export interface PlanAccess {
  pro: boolean;
  status: PlanStatus | 'none';
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

/** A stored plan's access at `now`: PRO while active or past due and the paid period has not ended. */
export function planAccessOf(
  row: { status: PlanStatus; currentPeriodEnd: Date; cancelAtPeriodEnd: boolean } | undefined,
  now: Date = new Date(),
): PlanAccess {
  if (!row) return { pro: false, status: 'none', currentPeriodEnd: null, cancelAtPeriodEnd: false };
  const pro = row.status !== 'ended' && row.currentPeriodEnd.getTime() > now.getTime();
  return { pro, status: row.status, currentPeriodEnd: row.currentPeriodEnd, cancelAtPeriodEnd: row.cancelAtPeriodEnd };
}

export async function planAccess(
  db: Database | Tx,
  organizationId: string,
  now: Date = new Date(),
): Promise<PlanAccess> {
  const [row] = await db
    .select({
      status: organizationPlan.status,
      currentPeriodEnd: organizationPlan.currentPeriodEnd,
      cancelAtPeriodEnd: organizationPlan.cancelAtPeriodEnd,
    })
    .from(organizationPlan)
    .where(eq(organizationPlan.organizationId, organizationId))
    .limit(1);
  return planAccessOf(row, now);
}

/** Throws PRO_REQUIRED (402) unless the organisation has PRO now. */
export async function requirePro(db: Database | Tx, organizationId: string): Promise<void> {
  if (!(await planAccess(db, organizationId)).pro) throw new AppError('PRO_REQUIRED', PRO_REQUIRED_MESSAGE);
}
