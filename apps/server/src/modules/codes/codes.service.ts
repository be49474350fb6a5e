// The organiser's codes for one event (access codes that unlock hidden types, promo codes) and the event's
// sales window and limits. Every query is scoped by the caller's organisation; another organisation's event is
// a 404. Archived and cancelled events are read-only.
import { and, eq, sql } from 'drizzle-orm';
import {
  CODE_MESSAGES,
  localToInstant,
  toMinorUnits,
  type CodeDto,
  type CodeInput,
  type CurrencyCode,
  type SalesSettings,
  type SalesSettingsInput,
  codeInputSchema,
  instantToLocal,
} from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { event, eventCode, organizationSettings, ticketType } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { randomCode } from '../../lib/codes.js';
import { EVENT_NOT_FOUND } from '../events/events.service.js';

type ParsedCodeInput = ReturnType<typeof codeInputSchema.parse>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export async function ownedEvent(db: Database, organizationId: string, eventId: string) {
  if (!UUID.test(eventId)) throw new AppError('NOT_FOUND', EVENT_NOT_FOUND);
  const [row] = await db
    .select()
    .from(event)
    .where(and(eq(event.id, eventId), eq(event.organizationId, organizationId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', EVENT_NOT_FOUND);
  return row;
}

function assertEditable(row: { status: string }) {
  if (row.status === 'archived' || row.status === 'cancelled')
    throw new AppError('CONFLICT', `This event is ${row.status}, so its sales settings and codes cannot change`);
}

const field = (path: string, message: string) => new AppError('VALIDATION_ERROR', message, [{ path, message }]);

function toSettings(row: typeof event.$inferSelect): SalesSettings {
  const local = (instant: Date | null) => (instant ? instantToLocal(instant, row.timeZone) : null);
  return {
    time_zone: row.timeZone,
    sales_start_local: local(row.salesStartAt),
    sales_end_local: local(row.salesEndAt),
    sales_start_at: row.salesStartAt?.toISOString() ?? null,
    sales_end_at: row.salesEndAt?.toISOString() ?? null,
    max_tickets_per_order: row.maxTicketsPerOrder,
    max_tickets_per_email: row.maxTicketsPerEmail,
  };
}

export async function getSalesSettings(db: Database, organizationId: string, eventId: string) {
  return toSettings(await ownedEvent(db, organizationId, eventId));
}

export async function updateSalesSettings(
  db: Database,
  organizationId: string,
  eventId: string,
  input: SalesSettingsInput,
): Promise<SalesSettings> {
  const row = await ownedEvent(db, organizationId, eventId);
  assertEditable(row);
  const start = input.sales_start_local ? localToInstant(input.sales_start_local, row.timeZone) : null;
  const end = input.sales_end_local ? localToInstant(input.sales_end_local, row.timeZone) : null;
  if (start && end && end <= start) throw field('sales_end_local', CODE_MESSAGES.windowOrder);
  const [updated] = await db
    .update(event)
    .set({
      salesStartAt: start,
      salesEndAt: end,
      maxTicketsPerOrder: input.max_tickets_per_order,
      maxTicketsPerEmail: input.max_tickets_per_email,
      updatedAt: new Date(),
    })
    .where(and(eq(event.id, row.id), eq(event.organizationId, organizationId)))
    .returning();
  return toSettings(updated!);
}

async function eventCurrency(db: Database, organizationId: string, eventId: string): Promise<CurrencyCode> {
  const [type] = await db
    .select({ currency: ticketType.currency })
    .from(ticketType)
    .where(and(eq(ticketType.eventId, eventId), eq(ticketType.organizationId, organizationId)))
    .limit(1);
  if (type) return type.currency as CurrencyCode;
  const [settings] = await db
    .select({ currency: organizationSettings.defaultCurrency })
    .from(organizationSettings)
    .where(eq(organizationSettings.organizationId, organizationId))
    .limit(1);
  return (settings?.currency as CurrencyCode | undefined) ?? 'GBP';
}

/** Checks the input against the event's types and returns the row fields shared by every code made. */
async function codeFields(
  db: Database,
  organizationId: string,
  row: typeof event.$inferSelect,
  input: ParsedCodeInput,
) {
  const types = await db
    .select({ id: ticketType.id, hidden: ticketType.hidden })
    .from(ticketType)
    .where(and(eq(ticketType.eventId, row.id), eq(ticketType.organizationId, organizationId)));
  const known = new Map(types.map((type) => [type.id, type]));
  const ids = [...new Set(input.ticket_type_ids)];
  if (ids.some((id) => !known.has(id))) throw field('ticket_type_ids', CODE_MESSAGES.unknownType);
  if (input.kind === 'access' && ids.length === 0) throw field('ticket_type_ids', CODE_MESSAGES.typesRequired);
  let discountKind: 'percent' | 'fixed' | null = null;
  let discountValue: number | null = null;
  if (input.kind === 'promo') {
    discountKind = input.discount_kind ?? 'percent';
    const text = input.discount_value ?? '';
    if (discountKind === 'percent') {
      discountValue = /^\d{1,3}$/.test(text) ? Number(text) : 0;
      if (discountValue < 1 || discountValue > 100) throw field('discount_value', CODE_MESSAGES.discountPercent);
    } else {
      try {
        discountValue = toMinorUnits(text, await eventCurrency(db, organizationId, row.id));
      } catch {
        discountValue = 0;
      }
      if (discountValue <= 0 || discountValue > 100_000_000) throw field('discount_value', CODE_MESSAGES.discountFixed);
    }
  }
  const validFrom = input.valid_from_local ? localToInstant(input.valid_from_local, row.timeZone) : null;
  const validUntil = input.valid_until_local ? localToInstant(input.valid_until_local, row.timeZone) : null;
  if (validFrom && validUntil && validUntil <= validFrom) throw field('valid_until_local', CODE_MESSAGES.windowOrder);
  return {
    organizationId,
    eventId: row.id,
    kind: input.kind,
    label: input.label,
    ticketTypeIds: ids,
    discountKind,
    discountValue,
    maxTicketsPerOrder: input.kind === 'promo' ? input.max_tickets_per_order : null,
    validFrom,
    validUntil,
  };
}

/** One code, or (access codes) a batch of single-use codes. Returns the list entry it makes. */
export async function createCodes(
  db: Database,
  organizationId: string,
  eventId: string,
  raw: CodeInput,
): Promise<CodeDto> {
  const input = codeInputSchema.parse(raw);
  const row = await ownedEvent(db, organizationId, eventId);
  assertEditable(row);
  const fields = await codeFields(db, organizationId, row, input);
  if (input.code !== undefined) {
    try {
      const [created] = await db
        .insert(eventCode)
        .values({ ...fields, code: input.code, maxUses: input.max_uses })
        .returning({ id: eventCode.id });
      return (await listCodes(db, organizationId, eventId, created!.id))[0]!;
    } catch (error) {
      if (isUniqueViolation(error)) throw field('code', CODE_MESSAGES.codeTaken);
      throw error;
    }
  }
  const batchId = crypto.randomUUID();
  let made = 0;
  const size = input.batch_size!;
  while (made < size) {
    const chunk = Array.from({ length: Math.min(500, size - made) }, () => ({
      ...fields,
      code: randomCode(10),
      batchId,
      maxUses: 1,
    }));
    const inserted = await db.insert(eventCode).values(chunk).onConflictDoNothing().returning({ id: eventCode.id });
    made += inserted.length;
  }
  return (await listCodes(db, organizationId, eventId, null, batchId))[0]!;
}

interface CodeListRow {
  id: string;
  kind: 'access' | 'promo';
  code: string;
  label: string;
  batch_id: string | null;
  batch_size: number;
  ticket_type_ids: string[];
  discount_kind: 'percent' | 'fixed' | null;
  discount_value: number | null;
  max_uses: number | null;
  uses: number;
  max_tickets_per_order: number | null;
  valid_from: string | Date | null;
  valid_until: string | Date | null;
  disabled: boolean;
  paid_orders: number;
  revenue_minor: number;
  discount_minor: number;
}

/** Every code of the event (a batch as one entry) with its uses, paid orders and their revenue. */
export async function listCodes(
  db: Database,
  organizationId: string,
  eventId: string,
  onlyId: string | null = null,
  onlyBatch: string | null = null,
): Promise<CodeDto[]> {
  await ownedEvent(db, organizationId, eventId);
  const filter = onlyId ? sql`and c.id = ${onlyId}` : onlyBatch ? sql`and c.batch_id = ${onlyBatch}` : sql``;
  const result = await db.execute(sql`
    with sales as (
      select coalesce(o.promo_code_id, o.access_code_id) as code_id, o.promo_code_id, o.access_code_id,
        o.amount_minor, o.discount_minor
      from "order" o
      where o.organization_id = ${organizationId} and o.event_id = ${eventId}
        and o.status in ('paid', 'partially_refunded') and (o.promo_code_id is not null or o.access_code_id is not null)
    ), per_code as (
      select c.id, count(s.*)::int as paid_orders, coalesce(sum(s.amount_minor), 0)::bigint as revenue,
        coalesce(sum(s.discount_minor), 0)::bigint as discount
      from event_code c
      left join sales s on s.promo_code_id = c.id or s.access_code_id = c.id
      where c.organization_id = ${organizationId} and c.event_id = ${eventId} ${filter}
      group by c.id
    )
    select (array_agg(c.id::text order by c.code))[1] as id, min(c.kind) as kind, min(c.code) as code,
      min(c.label) as label, c.batch_id::text as batch_id, count(*)::int as batch_size,
      c.ticket_type_ids::text[] as ticket_type_ids,
      min(c.discount_kind) as discount_kind, min(c.discount_value) as discount_value,
      case when c.batch_id is null then min(c.max_uses) else sum(c.max_uses)::int end as max_uses,
      sum(c.uses)::int as uses, min(c.max_tickets_per_order) as max_tickets_per_order,
      min(c.valid_from) as valid_from, min(c.valid_until) as valid_until,
      bool_and(c.disabled_at is not null) as disabled,
      sum(p.paid_orders)::int as paid_orders, sum(p.revenue)::bigint as revenue_minor,
      sum(p.discount)::bigint as discount_minor, min(c.created_at) as created_at
    from event_code c join per_code p on p.id = c.id
    group by coalesce(c.batch_id, c.id), c.batch_id, c.ticket_type_ids
    order by min(c.created_at) desc`);
  const iso = (value: string | Date | null) => (value ? new Date(value).toISOString() : null);
  return rowsOf<CodeListRow>(result).map((item) => ({
    id: item.id,
    kind: item.kind,
    code: item.code,
    label: item.label,
    batch_id: item.batch_id,
    batch_size: Number(item.batch_size),
    ticket_type_ids: item.ticket_type_ids ?? [],
    discount_kind: item.discount_kind,
    discount_value: item.discount_value === null ? null : Number(item.discount_value),
    max_uses: item.max_uses === null ? null : Number(item.max_uses),
    uses: Number(item.uses),
    max_tickets_per_order: item.max_tickets_per_order === null ? null : Number(item.max_tickets_per_order),
    valid_from: iso(item.valid_from),
    valid_until: iso(item.valid_until),
    disabled: Boolean(item.disabled),
    paid_orders: Number(item.paid_orders),
    revenue_minor: Number(item.revenue_minor),
    discount_minor: Number(item.discount_minor),
  }));
}

/** Disables (or enables again) a code, or the whole batch it belongs to. Holds already made keep their use. */
export async function setCodeDisabled(
  db: Database,
  organizationId: string,
  eventId: string,
  codeId: string,
  disabled: boolean,
): Promise<CodeDto> {
  const row = await ownedEvent(db, organizationId, eventId);
  assertEditable(row);
  if (!UUID.test(codeId)) throw new AppError('NOT_FOUND', 'Code not found');
  const [found] = await db
    .select({ id: eventCode.id, batchId: eventCode.batchId })
    .from(eventCode)
    .where(and(eq(eventCode.id, codeId), eq(eventCode.eventId, row.id), eq(eventCode.organizationId, organizationId)))
    .limit(1);
  if (!found) throw new AppError('NOT_FOUND', 'Code not found');
  await db
    .update(eventCode)
    .set({ disabledAt: disabled ? new Date() : null })
    .where(
      and(
        eq(eventCode.organizationId, organizationId),
        eq(eventCode.eventId, row.id),
        found.batchId ? eq(eventCode.batchId, found.batchId) : eq(eventCode.id, found.id),
      ),
    );
  const [entry] = found.batchId
    ? await listCodes(db, organizationId, eventId, null, found.batchId)
    : await listCodes(db, organizationId, eventId, found.id);
  return entry!;
}

/** A batch's codes with whether each was used, for the CSV export. */
export async function batchCodes(db: Database, organizationId: string, eventId: string, batchId: string) {
  await ownedEvent(db, organizationId, eventId);
  if (!UUID.test(batchId)) throw new AppError('NOT_FOUND', 'Code not found');
  const rows = await db
    .select({ code: eventCode.code, label: eventCode.label, uses: eventCode.uses, disabledAt: eventCode.disabledAt })
    .from(eventCode)
    .where(
      and(eq(eventCode.organizationId, organizationId), eq(eventCode.eventId, eventId), eq(eventCode.batchId, batchId)),
    )
    .orderBy(eventCode.code);
  if (rows.length === 0) throw new AppError('NOT_FOUND', 'Code not found');
  return rows;
}
