// What the ticket documents are made from. Checkout maps its rows to these plain shapes, so the renderers stay
// pure functions that tests drive without a database.
import type { CurrencyCode } from '@marquee/shared';

export interface DocumentBranding {
  /** The organiser's company name. */
  companyName: string;
  /** '#rrggbb'; anything else falls back to DEFAULT_PRIMARY_COLOR. */
  primaryColor: string;
  /** '#rrggbb'; anything else falls back to FALLBACK_SECONDARY_COLOR. */
  secondaryColor: string;
  /** Absolute http(s) URL or null. */
  logoUrl: string | null;
}

export interface DocumentEvent {
  id: string;
  name: string;
  description: string;
  location: string;
  startsAt: Date | null;
  endsAt: Date | null;
  lastEntryAt: Date | null;
  /** IANA zone; times are shown in it, with its name. */
  timeZone: string;
  /** 0 = all ages. */
  minimumAge: number;
  /** The public event page. */
  url: string;
}

export interface DocumentOrderLine {
  name: string;
  quantity: number;
  unitPriceMinor: number;
  unitFeeMinor: number;
}

/** An add-on the order bought with its tickets (decision 134), as bought. */
export interface DocumentAddOn {
  name: string;
  quantity: number;
  unitPriceMinor: number;
  unitFeeMinor: number;
}

export interface DocumentOrder {
  /** e.g. 'MQ-7K3F9X'. */
  code: string;
  buyerName: string;
  buyerEmail: string;
  currency: CurrencyCode;
  lines: DocumentOrderLine[];
  /** None, or absent, for an order without add-ons (and on a ticket sent to someone else: they stay the buyer's). */
  addOns?: DocumentAddOn[];
  /** Integer minor units, add-ons included. */
  subtotalMinor: number;
  feeMinor: number;
  totalMinor: number;
  /**
   * The VAT inside the prices and the booking fee (decisions 138, 139, orderVatRows): per rate, then the fee's;
   * absent or none: no VAT.
   */
  vatRows?: Array<{ label: string; vatMinor: number }>;
  paidAt: Date;
  /** The fan's order page; it carries an access token, so it is never logged. */
  orderUrl: string;
}

export interface DocumentTicket {
  code: string;
  typeName: string;
  holderName: string;
  /** The signed payload the door scanner checks. */
  qrPayload: string;
}
