// The period-end job (decision 149), every minute: a plan whose paid period is over and that was cancelled, or
// left unpaid (past due), ends; the owners of every plan that ended (here or by the provider's
// customer.subscription.deleted) get one e-mail, claimed by end_notice_sent_at so a rerun never sends it twice.
// planAccess already refuses PRO once the period is over; this makes the row say so and tells the owner.
import { and, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../adapters/mail/mailer.js';
import type { Database } from '../../db/client.js';
import { member, organization, organizationPlan, user } from '../../db/schema/index.js';
import { proEndedEmail } from './plan.emails.js';

export interface PeriodEndDeps {
  db: Database;
  mailer: Mailer;
  appUrl: string;
  log?: FastifyBaseLogger;
}

export async function endLapsedPlans(deps: PeriodEndDeps, now = new Date()): Promise<{ ended: number; told: number }> {
  const ended = await deps.db
    .update(organizationPlan)
    .set({ status: 'ended', endedAt: now, updatedAt: now })
    .where(
      and(
        sql`${organizationPlan.status} <> 'ended'`,
        lte(organizationPlan.currentPeriodEnd, now),
        or(eq(organizationPlan.cancelAtPeriodEnd, true), eq(organizationPlan.status, 'past_due')),
      ),
    )
    .returning({ id: organizationPlan.organizationId });
  let told = 0;
  const pending = await deps.db
    .select({ organizationId: organizationPlan.organizationId, endedAt: organizationPlan.endedAt })
    .from(organizationPlan)
    .where(
      and(
        eq(organizationPlan.status, 'ended'),
        isNotNull(organizationPlan.endedAt),
        isNull(organizationPlan.endNoticeSentAt),
      ),
    )
    .limit(100);
  for (const plan of pending) {
    // Claimed first: a second run (or process) finds it taken and sends nothing.
    const [claimed] = await deps.db
      .update(organizationPlan)
      .set({ endNoticeSentAt: now })
      .where(and(eq(organizationPlan.organizationId, plan.organizationId), isNull(organizationPlan.endNoticeSentAt)))
      .returning({ id: organizationPlan.organizationId });
    if (!claimed) continue;
    const owners = await deps.db
      .select({ email: user.email, organizationName: organization.name })
      .from(member)
      .innerJoin(user, eq(user.id, member.userId))
      .innerJoin(organization, eq(organization.id, member.organizationId))
      .where(and(eq(member.organizationId, plan.organizationId), eq(member.role, 'owner')));
    for (const owner of owners) {
      const mail = proEndedEmail({
        organizationName: owner.organizationName,
        billingUrl: `${deps.appUrl}/dashboard/billing`,
      });
      try {
        await deps.mailer.send({
          to: owner.email,
          ...mail,
          key: `pro-ended:${plan.organizationId}:${plan.endedAt?.getTime()}`,
        });
        told += 1;
      } catch (error) {
        // Not sent: release the claim so the next run tries again.
        await deps.db
          .update(organizationPlan)
          .set({ endNoticeSentAt: null })
          .where(eq(organizationPlan.organizationId, plan.organizationId));
        throw error;
      }
    }
  }
  if (ended.length > 0 || told > 0) deps.log?.info({ ended: ended.length, told }, 'PRO plans ended');
  return { ended: ended.length, told };
}
