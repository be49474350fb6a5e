// What a receipt or credit note says (decision 137), kept in `order_document.content` as at issue so a document
// never changes. Built from the order's rows by pure functions; the PDF (document-pdf.ts) draws only this. Since
// version 2 (decision 140) the buyer's business details and a VAT-registered seller's registered name and address
// are in it as at issue; a version 1 document (no `buyer.business`) is printed with the details as they stand.
// The fan's side only: a booking fee the organiser absorbed (decision 135) is not the fan's, so it is never on
// their documents.

import { vatByRate, vatRateLabel, type VatSoldLine } from '@marquee/shared';

export const DOCUMENT_CONTENT_VERSION = 2;

/** The buyer's business details as at issue (order_billing). */
export interface BuyerBusiness {
  companyName: string;
  address: string;
  vatId: string | null;
}

export interface DocumentBuyer {
  name: string;
  email: string;
  /** Version 2: null when the buyer gave none; absent on a version 1 document. */
  business?: BuyerBusiness | null;
}

/**
 * The seller: the organiser's trading name and, on a VAT invoice, its registered (legal) name and postal address
 * as on its VAT registration when the order was sold (absent before version 2 and for an unregistered seller).
 */
export interface DocumentSeller {
  name: string;
  legalName?: string;
  address?: string;
}

/** Whether two sets of business details say the same (none and none are the same). */
export const sameBusiness = (a: BuyerBusiness | null, b: BuyerBusiness | null): boolean =>
  a === null || b === null
    ? a === b
    : a.companyName === b.companyName && a.address === b.address && (a.vatId ?? null) === (b.vatId ?? null);

export interface DocumentLine {
  /** 'ticket' or 'add_on'. */
  kind: 'ticket' | 'add_on';
  name: string;
  quantity: number;
  unitPriceMinor: number;
  /** quantity × unit price. */
  amountMinor: number;
  /** Its VAT rate as sold, on a VAT receipt ('20%', '0% (zero-rated)', 'Exempt from VAT'); absent: none. */
  vatRate?: string;
  /** On a VAT receipt, the VAT inside one unit's price as sold (decision 138's rule): its net is the rest. */
  unitVatMinor?: number;
}

/**
 * VAT on a document (decision 138): for an order sold by a VAT-registered organiser, the seller's VAT number and,
 * per rate, the net, VAT and gross of the lines (from each line's VAT as sold), and the platform's VAT inside the
 * booking fee. An organiser not registered when the order was sold: nothing about VAT.
 */
export interface VatSummaryLine {
  rateBp: number;
  /** Exempt lines, apart from the 0% (zero-rated) ones (decision 139); absent on older documents: not exempt. */
  exempt?: boolean;
  netMinor: number;
  vatMinor: number;
  grossMinor: number;
}

export type DocumentTax =
  | { registered: false; lines: [] }
  | { registered: true; vatNumber: string; lines: VatSummaryLine[]; feeVatMinor: number };

export const NO_TAX: DocumentTax = { registered: false, lines: [] };

/** The VAT per rate of lines sold with their unit VAT (vatByRate: summed, never rounded again; exempt apart). */
export const vatSummary = (lines: readonly VatSoldLine[]): VatSummaryLine[] => vatByRate(lines);

export interface ReceiptContent {
  version: 1 | 2;
  kind: 'receipt';
  seller: DocumentSeller;
  buyer: DocumentBuyer;
  orderCode: string;
  event: { name: string; startsAt: string | null; timeZone: string };
  currency: string;
  /** As paid: a promo code's discount is already in the unit prices (order_line keeps the discounted price). */
  lines: DocumentLine[];
  /** Sum of the lines (the order's amount, after any discount). */
  subtotalMinor: number;
  /** What the promo code took off the ticket prices, included in the lines (shown, never subtracted again). */
  discountMinor: number;
  promoCode: string | null;
  /** The booking fee the fan paid (0 when none, or when the organiser absorbed it). */
  bookingFeeMinor: number;
  /** What the fan paid: the lines plus the booking fee. */
  totalMinor: number;
  paymentMethod: string;
  /** The payment's time: the tax point (time of supply) on a VAT invoice. */
  paidAt: string;
  tax: DocumentTax;
  /** A re-issue (decision 140): the receipt this one replaces, cancelled by its credit note. */
  replaces?: { receiptNumber: string; creditNoteNumber: string } | null;
}

export interface CreditNoteContent {
  version: 1 | 2;
  kind: 'credit_note';
  seller: DocumentSeller;
  buyer: DocumentBuyer;
  orderCode: string;
  event: { name: string; startsAt: string | null; timeZone: string };
  currency: string;
  /** The receipt this credit note corrects. */
  receiptNumber: string;
  /** What the receipt said was paid, for reference. */
  receiptTotalMinor: number;
  reason: string;
  /** Tickets the refund took back, by name (none for a money-only refund). */
  tickets: Array<{ name: string; quantity: number }>;
  /** The refund: of it, the booking fee given back (only when the event was cancelled). */
  refundedMinor: number;
  bookingFeeMinor: number;
  paymentMethod: string;
  refundedAt: string;
  tax: DocumentTax;
  /**
   * A re-issue's credit note (decision 140): it cancels the receipt in full because the buyer's details changed,
   * and the new receipt's number. No money moved: `refundedMinor` is then what it credits, not a refund.
   */
  reissuedAs?: string | null;
}

export type DocumentContent = ReceiptContent | CreditNoteContent;

/** What a document is called: a receipt of a sale with VAT is a VAT invoice (decision 140). */
export const documentLabel = (content: DocumentContent): 'VAT invoice' | 'Receipt' | 'Credit note' =>
  content.kind === 'credit_note' ? 'Credit note' : content.tax.registered ? 'VAT invoice' : 'Receipt';

/** The label inside a sentence: 'VAT invoice', 'receipt' or 'credit note'. */
export const inSentence = (label: string) => (label === 'VAT invoice' ? label : label.toLowerCase());

/** How the order was paid, in words. */
export function paymentMethodLabel(provider: string | null): string {
  switch (provider) {
    case 'stripe':
      return 'Card, online (Stripe)';
    case 'sandbox':
      return 'Card, online (test payment)';
    case 'door_cash':
      return 'Cash at the door';
    case 'door_card':
      return 'Card at the door';
    default:
      return provider ? `Online (${provider})` : 'Online';
  }
}

export interface ReceiptSource {
  order: {
    code: string;
    firstName: string;
    lastName: string;
    customerEmail: string;
    currency: string;
    amountMinor: number;
    feeMinor: number;
    feeVatMinor: number;
    discountMinor: number;
    promoCode: string | null;
    paymentProvider: string | null;
    paidAt: Date | null;
  };
  sellerName: string;
  /** The registered name and address of a VAT-registered seller (null: none, or not sold with VAT). */
  sellerRegistration: { legalName: string; address: string } | null;
  business: BuyerBusiness | null;
  event: { name: string; startsAt: Date | null; timeZone: string };
  lines: Array<{ name: string } & VatSoldLine>;
  addOns: Array<{ name: string } & VatSoldLine>;
  /** The organiser's VAT number when the order was sold with VAT (decision 138); null: none. */
  vatNumber: string | null;
}

const toLine =
  (kind: DocumentLine['kind'], taxed: boolean) =>
  (line: ReceiptSource['lines'][number]): DocumentLine => ({
    kind,
    name: line.name,
    quantity: line.quantity,
    unitPriceMinor: line.unitPriceMinor,
    amountMinor: line.quantity * line.unitPriceMinor,
    ...(taxed && line.vatCategory
      ? {
          vatRate: vatRateLabel({ rateBp: line.vatRateBp, exempt: line.vatCategory === 'exempt' }),
          unitVatMinor: line.unitVatMinor,
        }
      : {}),
  });

/** What the fan paid for: the order's amount (after discount) plus the booking fee they paid. */
export const paidTotal = (current: { amountMinor: number; feeMinor: number }) => current.amountMinor + current.feeMinor;

export function receiptContent(source: ReceiptSource, issuedAt: Date): ReceiptContent {
  const { order: current } = source;
  const taxed = source.vatNumber !== null;
  const lines = [...source.lines.map(toLine('ticket', taxed)), ...source.addOns.map(toLine('add_on', taxed))];
  return {
    version: DOCUMENT_CONTENT_VERSION,
    kind: 'receipt',
    seller: {
      name: source.sellerName,
      ...(source.vatNumber && source.sellerRegistration ? source.sellerRegistration : {}),
    },
    buyer: {
      name: `${current.firstName} ${current.lastName}`.trim(),
      email: current.customerEmail,
      business: source.business,
    },
    orderCode: current.code,
    event: {
      name: source.event.name,
      startsAt: source.event.startsAt?.toISOString() ?? null,
      timeZone: source.event.timeZone,
    },
    currency: current.currency,
    lines,
    subtotalMinor: lines.reduce((sum, line) => sum + line.amountMinor, 0),
    discountMinor: current.discountMinor,
    promoCode: current.promoCode,
    bookingFeeMinor: current.feeMinor,
    totalMinor: paidTotal(current),
    paymentMethod: paymentMethodLabel(current.paymentProvider),
    paidAt: (current.paidAt ?? issuedAt).toISOString(),
    tax: source.vatNumber
      ? {
          registered: true,
          vatNumber: source.vatNumber,
          lines: vatSummary([...source.lines, ...source.addOns]),
          feeVatMinor: current.feeVatMinor,
        }
      : NO_TAX,
    replaces: null,
  };
}
