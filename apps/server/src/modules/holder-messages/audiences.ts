// Who a message to ticket holders goes to (decision 154), as SQL over the database as it is now. A ticket holder
// is the current holder of a ticket a fan holds (SOLD_STATES, packages/shared/src/tickets.ts: valid, checked in,
// or listed until it is resold): the ticket's holder_email when it came by transfer, else its order's buyer. A
// transferred, resold, refunded or cancelled ticket is in none of those states, so its old holder is not one.
// "Not yet checked in" are holders of at least one such ticket not in CHECKED_IN_STATES. Marketing goes to the
// organisation's customers whose latest purchase gave consent, less those who unsubscribed since then.
import { sql, type SQL } from 'drizzle-orm';
import { CHECKED_IN_STATES, SOLD_STATES, type HolderAudience, type TicketState } from '@marquee/shared';
import type { Database } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';

export interface AudienceChoice {
  organizationId: string;
  eventId: string;
  audience: HolderAudience;
  ticketTypeId?: string | null;
}

const states = (list: readonly TicketState[]) =>
  sql.join(
    list.map((state) => sql`${state}`),
    sql`, `,
  );

const NOT_CHECKED_IN = SOLD_STATES.filter((state) => !(CHECKED_IN_STATES as readonly TicketState[]).includes(state));

/** A select of one column, `email` (lower-cased, distinct, never empty), of the chosen audience. */
export function audienceSql(choice: AudienceChoice): SQL {
  if (choice.audience === 'marketing') {
    return sql`select distinct c.email from customer c
      where c.organization_id = ${choice.organizationId} and c.marketing_consent and c.email <> ''
        and not exists (select 1 from marketing_suppression s
          where s.organization_id = c.organization_id and s.email = c.email and s.at >= c.last_purchase_at)`;
  }
  const held = choice.audience === 'not_checked_in' ? NOT_CHECKED_IN : SOLD_STATES;
  const type = choice.audience === 'ticket_type' ? sql` and t.ticket_type_id = ${choice.ticketTypeId ?? null}` : sql``;
  return sql`select distinct lower(coalesce(t.holder_email, o.customer_email)) as email
    from ticket t join "order" o on o.id = t.order_id
    where t.organization_id = ${choice.organizationId} and t.event_id = ${choice.eventId}
      and t.status in (${states(held)})${type}
      and coalesce(t.holder_email, o.customer_email) <> ''`;
}

export async function audienceCount(db: Database | Tx, choice: AudienceChoice): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as count from (${audienceSql(choice)}) a`);
  return Number((result as unknown as { rows: Array<{ count: number }> }).rows[0]?.count ?? 0);
}

/** Whether the address may get this organisation's marketing now (it consented and has not unsubscribed since). */
export async function mayMarket(db: Database | Tx, organizationId: string, email: string): Promise<boolean> {
  const result = await db.execute(
    sql`select 1 from (${audienceSql({
      organizationId,
      eventId: '00000000-0000-0000-0000-000000000000',
      audience: 'marketing',
    })}) a where a.email = ${email.toLowerCase()}`,
  );
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}
