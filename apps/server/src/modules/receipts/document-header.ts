// The head of a receipt or credit note (decision 140): its title, the seller, its number and dates, and the
// buyer, all from the document's content as issued. A VAT invoice (a receipt of a sale with VAT) carries what UK
// (HMRC VAT Notice 700/21, full invoice) and EU (Directive 2006/112/EC art. 226) law ask of its head: the seller's
// registered name, address and VAT number, a sequential number, the date of issue, the tax point (the payment's
// time), the currency, and the buyer's name and address (and VAT ID when given). The lines, the VAT per rate and
// the totals are drawn after it (document-pdf.ts).
import { toCurrencyCode } from '@marquee/shared';
import { documentLabel, inSentence, type BuyerBusiness, type DocumentContent } from './document-model.js';

type Struct = PDFKit.PDFStructureElement;
export type Write = (
  parent: Struct,
  tag: 'H1' | 'H2' | 'P',
  text: string,
  font?: string,
  size?: number,
  color?: string,
) => void;

export const documentTitle = (content: DocumentContent, number: string) => `${documentLabel(content)} ${number}`;

const safeZone = (timeZone: string) => {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
};

export function formatDay(iso: string | Date, timeZone: string): string {
  const options = { day: 'numeric', month: 'long', year: 'numeric', timeZone: safeZone(timeZone) } as const;
  return new Intl.DateTimeFormat('en-GB', options).format(new Date(iso));
}

/** '2 December 2026, 14:05 (Europe/London)': a tax point, to the minute, in the event's zone. */
export function formatTime(iso: string | Date, timeZone: string): string {
  const zone = safeZone(timeZone);
  const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: zone });
  return `${formatDay(iso, zone)}, ${time.format(new Date(iso))} (${zone})`;
}

/** A VAT-registered seller's document: the receipt of a sale with VAT, or a credit note of one. */
const withVat = (content: DocumentContent) => content.tax.registered;

export function drawHeader(
  root: Struct,
  write: Write,
  gap: (points: number) => void,
  input: { number: string; issuedAt: Date; content: DocumentContent; billing: BuyerBusiness | null },
  muted: string,
) {
  const { content } = input;
  const zone = content.event.timeZone;
  write(root, 'H1', documentTitle(content, input.number), 'Bold', 20);
  const seller = content.seller;
  write(root, 'P', seller.legalName || seller.name, 'Bold', 12);
  if (seller.legalName && seller.legalName !== seller.name) write(root, 'P', `Trading as ${seller.name}`);
  for (const line of seller.address ? seller.address.split('\n') : []) write(root, 'P', line);
  if (content.tax.registered) write(root, 'P', `VAT number: ${content.tax.vatNumber}`);
  gap(8);

  if (withVat(content)) {
    const numberLabel = content.kind === 'receipt' ? 'Invoice number' : 'Credit note number';
    write(root, 'P', `${numberLabel}: ${input.number}`, 'Regular', 10.5, muted);
    write(root, 'P', `Date of issue: ${formatDay(input.issuedAt, zone)}`, 'Regular', 10.5, muted);
    if (content.kind === 'receipt')
      write(root, 'P', `Tax point (date of supply): ${formatTime(content.paidAt, zone)}`, 'Regular', 10.5, muted);
    write(root, 'P', `Currency: ${toCurrencyCode(content.currency)}`, 'Regular', 10.5, muted);
  } else write(root, 'P', `Date: ${formatDay(input.issuedAt, zone)}`, 'Regular', 10.5, muted);
  write(root, 'P', `Order ${content.orderCode}`, 'Regular', 10.5, muted);
  const when = content.event.startsAt ? `, ${formatDay(content.event.startsAt, zone)}` : '';
  write(root, 'P', `Event: ${content.event.name}${when}`, 'Regular', 10.5, muted);
  if (content.kind === 'receipt' && content.replaces)
    write(
      root,
      'P',
      `Replaces ${inSentence(documentLabel(content))} ${content.replaces.receiptNumber}, cancelled by credit note ${content.replaces.creditNoteNumber} because the buyer’s details changed.`,
      'Regular',
      10.5,
      muted,
    );
  gap(14);

  const buyerHeading = content.kind === 'receipt' ? 'Sold to' : content.reissuedAs ? 'Credited to' : 'Refunded to';
  write(root, 'H2', buyerHeading, 'Bold', 13);
  const buyer = [content.buyer.name, content.buyer.email].filter(Boolean);
  if (input.billing) {
    buyer.push(input.billing.companyName, ...input.billing.address.split('\n'));
    if (input.billing.vatId) buyer.push(`VAT ID: ${input.billing.vatId}`);
  }
  for (const line of buyer) write(root, 'P', line);
  gap(14);
}
