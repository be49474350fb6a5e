// Issuing an order's documents (decision 137), inside the caller's transaction with the order row locked: the
// receipt once when the order is paid (fulfilment and door sales), a credit note per refund (refund-apply.ts and
// the cancellation's refund job). Each is written with its number (numbering.ts) and never changed after.
// An order that took no money (free, comp) has no receipt, and a refund of nothing no credit note.
import { and, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/tx.js';
import type { Database } from '../../db/client.js';
import {
  event,
  type order,
  orderAddOn,
  orderBilling,
  orderDocument,
  orderLine,
  organizationSettings,
  organizationTax,
  ticket,
} from '../../db/schema/index.js';
import { refundVatLines } from './refund-vat.js';
import { takeDocumentNumber } from './numbering.js';
import {
  NO_TAX,
  paymentMethodLabel,
  receiptContent,
  type BuyerBusiness,
  type CreditNoteContent,
  type DocumentTax,
  type ReceiptContent,
  type VatSummaryLine,
} from './document-model.js';

type OrderRow = typeof order.$inferSelect;
export type DocumentRow = typeof orderDocument.$inferSelect;

/** An order whose fan paid something gets a receipt: not free, not a comp. */
export const takesReceipt = (current: Pick<OrderRow, 'amountMinor' | 'feeMinor' | 'channel'>) =>
  current.channel !== 'comp' && current.amountMinor + current.feeMinor > 0;

async function sellerAndEvent(tx: Tx, current: OrderRow) {
  const [row] = await tx
    .select({
      sellerName: organizationSettings.companyName,
      name: event.name,
      startsAt: event.startsAt,
      timeZone: event.timeZone,
    })
    .from(event)
    .innerJoin(organizationSettings, eq(organizationSettings.organizationId, event.organizationId))
    .where(and(eq(event.id, current.eventId), eq(event.organizationId, current.organizationId)))
    .limit(1);
  return {
    sellerName: row?.sellerName ?? '',
    event: { name: row?.name ?? '', startsAt: row?.startsAt ?? null, timeZone: row?.timeZone ?? 'UTC' },
  };
}

/**
 * The order's current receipt: the last of its receipts (a re-issue takes a later number and replaces the one
 * before it, decision 140), or undefined when it has none yet.
 */
export async function findReceipt(
  tx: Tx | Database,
  organizationId: string,
  orderId: string,
): Promise<DocumentRow | undefined> {
  const [found] = await tx
    .select()
    .from(orderDocument)
    .where(
      and(
        eq(orderDocument.organizationId, organizationId),
        eq(orderDocument.orderId, orderId),
        eq(orderDocument.kind, 'receipt'),
      ),
    )
    .orderBy(desc(orderDocument.sequence))
    .limit(1);
  return found;
}

/** The buyer's business details as they stand now (to be snapshotted into a document at issue). */
export async function currentBusiness(
  tx: Tx | Database,
  organizationId: string,
  orderId: string,
): Promise<BuyerBusiness | null> {
  const [row] = await tx
    .select({ companyName: orderBilling.companyName, address: orderBilling.address, vatId: orderBilling.vatId })
    .from(orderBilling)
    .where(and(eq(orderBilling.organizationId, organizationId), eq(orderBilling.orderId, orderId)))
    .limit(1);
  return row ?? null;
}

/**
 * The order's receipt, issued now if it has none yet (and it took money): once per order whatever calls it, as
 * the caller holds the order's row lock (and a unique index stands behind that). `current` is the order as paid.
 */
export async function issueReceipt(tx: Tx, current: OrderRow, now = new Date()): Promise<DocumentRow | null> {
  if (!takesReceipt(current) || !current.paidAt) return null;
  const existing = await findReceipt(tx, current.organizationId, current.id);
  if (existing) return existing;
  const scope = and(eq(orderLine.orderId, current.id), eq(orderLine.organizationId, current.organizationId));
  const lines = await tx.select().from(orderLine).where(scope).orderBy(orderLine.name, orderLine.id);
  const addOns = await tx
    .select()
    .from(orderAddOn)
    .where(and(eq(orderAddOn.orderId, current.id), eq(orderAddOn.organizationId, current.organizationId)))
    .orderBy(orderAddOn.name, orderAddOn.id);
  // Sold by a VAT-registered organiser (decisions 138, 139: a line keeps its category, null when not registered;
  // at 0% too): the organiser's registration as it stands now, at the order's payment; the buyer's business details
  // as they stand (decision 140), both kept in the document.
  const registration = [...lines, ...addOns].some((line) => line.vatCategory !== null)
    ? await vatRegistration(tx, current.organizationId)
    : null;
  const content: ReceiptContent = receiptContent(
    {
      order: current,
      ...(await sellerAndEvent(tx, current)),
      lines,
      addOns,
      vatNumber: registration?.vatNumber ?? null,
      sellerRegistration: registration,
      business: await currentBusiness(tx, current.organizationId, current.id),
    },
    now,
  );
  // The number last: the series row is locked from here to the commit.
  const { sequence, number } = await takeDocumentNumber(tx, current.organizationId, 'receipt');
  const [created] = await tx
    .insert(orderDocument)
    .values({
      organizationId: current.organizationId,
      orderId: current.id,
      kind: 'receipt',
      sequence,
      number,
      currency: current.currency,
      totalMinor: content.totalMinor,
      content,
      issuedAt: now,
    })
    .returning();
  return created!;
}

export interface CreditNoteInput {
  /** The order before the refund was applied. */
  order: OrderRow;
  /** The `order_refund` row it answers; null for an event cancellation's refund. */
  refundId: string | null;
  amountMinor: number;
  /** Of the amount, the booking fee given back. */
  bookingFeeMinor: number;
  reason: string;
  /** The tickets the refund took back (none for a money-only refund). */
  ticketIds: string[];
}

/** The refunded tickets by name: '2 × General admission'. */
async function ticketNames(tx: Tx, current: OrderRow, ticketIds: string[]) {
  if (ticketIds.length === 0) return [];
  const rows = await tx
    .select({ id: ticket.id, name: orderLine.name })
    .from(ticket)
    .innerJoin(orderLine, eq(orderLine.id, ticket.orderLineId))
    .where(and(eq(ticket.orderId, current.id), eq(ticket.organizationId, current.organizationId)));
  const counts = new Map<string, number>();
  for (const row of rows) if (ticketIds.includes(row.id)) counts.set(row.name, (counts.get(row.name) ?? 0) + 1);
  return [...counts].map(([name, quantity]) => ({ name, quantity }));
}

/**
 * A credit note for one refund, for what it gave back. The order's receipt comes first: an order paid before
 * receipts existed is given its receipt now, in the same transaction.
 */
export async function issueCreditNote(tx: Tx, input: CreditNoteInput, now = new Date()): Promise<DocumentRow | null> {
  const current = input.order;
  if (input.amountMinor <= 0 || !takesReceipt(current)) return null;
  const receipt = await issueReceipt(tx, current, now);
  if (!receipt) return null;
  const receiptSaid = receipt.content as ReceiptContent;
  const content: CreditNoteContent = {
    version: receiptSaid.version,
    kind: 'credit_note',
    seller: receiptSaid.seller,
    buyer: receiptSaid.buyer,
    orderCode: current.code,
    event: receiptSaid.event,
    currency: current.currency,
    receiptNumber: receipt.number,
    receiptTotalMinor: receipt.totalMinor,
    reason: input.reason,
    tickets: await ticketNames(tx, current, input.ticketIds),
    refundedMinor: input.amountMinor,
    bookingFeeMinor: input.bookingFeeMinor,
    paymentMethod: paymentMethodLabel(current.paymentProvider),
    refundedAt: now.toISOString(),
    tax: creditNoteTax(
      receiptSaid.tax,
      await refundVatLines(tx, current, input.amountMinor - input.bookingFeeMinor, input.ticketIds),
      current.feeVatMinor,
      input,
    ),
    reissuedAs: null,
  };
  const { sequence, number } = await takeDocumentNumber(tx, current.organizationId, 'credit_note');
  const [created] = await tx
    .insert(orderDocument)
    .values({
      organizationId: current.organizationId,
      orderId: current.id,
      kind: 'credit_note',
      sequence,
      number,
      currency: current.currency,
      totalMinor: input.amountMinor,
      refundId: input.refundId,
      content,
      issuedAt: now,
    })
    .returning();
  return created!;
}

/** The organisation's VAT number, registered name and address while it is registered, or null. */
async function vatRegistration(
  tx: Tx,
  organizationId: string,
): Promise<{ vatNumber: string; legalName: string; address: string } | null> {
  const [row] = await tx
    .select({
      registered: organizationTax.registered,
      vatNumber: organizationTax.vatNumber,
      legalName: organizationTax.legalName,
      address: organizationTax.address,
    })
    .from(organizationTax)
    .where(eq(organizationTax.organizationId, organizationId));
  return row?.registered && row.vatNumber
    ? { vatNumber: row.vatNumber, legalName: row.legalName, address: row.address }
    : null;
}

/**
 * A credit note's VAT (decisions 138, 139, 141): the VAT per rate inside the prices it gives back (refundVatLines,
 * the rule the order's `vat_refunded_minor` adds up); and, when it gives back the booking fee, the fee's VAT in the
 * same proportion (all of it when all of the fee goes back).
 */
function creditNoteTax(
  receipt: DocumentTax,
  lines: VatSummaryLine[],
  feeVatMinor: number,
  input: { bookingFeeMinor: number; order: { feeMinor: number } },
): DocumentTax {
  if (!receipt.registered) return NO_TAX;
  const feeVat =
    input.bookingFeeMinor >= input.order.feeMinor
      ? feeVatMinor
      : Math.floor((feeVatMinor * input.bookingFeeMinor) / Math.max(1, input.order.feeMinor));
  return {
    registered: true,
    vatNumber: receipt.vatNumber,
    lines,
    feeVatMinor: feeVat,
  };
}
