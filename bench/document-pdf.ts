// The PDFs made for each sale, rendered in-process: the receipt (Inter embedded, decision 137) and a two-ticket
// tickets PDF (standard Helvetica), ms per document. Run with `npm run bench -- document-pdf`; with
// BASELINE=<git ref> the old code's renderers run beside the working tree's, taking turns in each round.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DocumentPdfInput } from '../apps/server/src/modules/receipts/document-pdf.js';
import type { TicketsPdfInput } from '../apps/server/src/modules/ticket-documents/ticket-documents.pdf.js';
import { BASELINE, codeVersions, inRoundOrder, median, type CodeVersion } from './lib/baseline.js';

const ROUNDS = Math.max(1, Number(process.env.ROUNDS ?? 5));
const PER_ROUND = Math.max(1, Number(process.env.PER_ROUND ?? 40));

interface Renderers {
  version: CodeVersion;
  receipt: (input: DocumentPdfInput) => Promise<Buffer>;
  tickets: (input: TicketsPdfInput) => Promise<Buffer>;
}

const receipt: DocumentPdfInput = {
  number: 'BN-2026-000123',
  issuedAt: new Date('2026-12-02T15:00:00Z'),
  billing: null,
  content: {
    version: 2,
    kind: 'receipt',
    seller: { name: 'Bench Nights' },
    buyer: { name: 'Ada Lovelace', email: 'ada@example.com', business: null },
    orderCode: 'MQ-7Q2K9',
    event: { name: 'Night Owls Live', startsAt: '2030-06-14T18:00:00.000Z', timeZone: 'Europe/London' },
    currency: 'GBP',
    lines: [{ kind: 'ticket', name: 'General Admission', quantity: 2, unitPriceMinor: 2000, amountMinor: 4000 }],
    subtotalMinor: 4000,
    discountMinor: 0,
    promoCode: null,
    bookingFeeMinor: 320,
    totalMinor: 4320,
    paymentMethod: 'Card',
    paidAt: '2026-12-02T15:00:00.000Z',
    tax: { registered: false, lines: [] },
  },
};

const ticket = (code: string) => ({ code, typeName: 'General Admission', holderName: 'Ada Lovelace', qrPayload: code });
const tickets: TicketsPdfInput = {
  branding: { companyName: 'Bench Nights', primaryColor: '#00ea6f', secondaryColor: '#0a0a0a', logoUrl: null },
  event: {
    id: 'bench',
    name: 'Night Owls Live',
    description: 'An all-night party with three rooms of music.',
    location: 'Brixton Academy, London',
    startsAt: new Date('2030-06-14T18:00:00Z'),
    endsAt: new Date('2030-06-15T02:00:00Z'),
    lastEntryAt: null,
    timeZone: 'Europe/London',
    minimumAge: 18,
    url: 'https://bench-nights.example.com/events/night-owls-live',
  },
  order: { code: 'MQ-7Q2K9', buyerName: 'Ada Lovelace', paidAt: new Date('2026-12-02T15:00:00Z'), addOns: [] },
  tickets: [ticket('T-AAAA1111'), ticket('T-BBBB2222')],
};

async function load(version: CodeVersion): Promise<Renderers> {
  const server = path.join(version.root, 'apps/server/src/modules');
  const receipts = await import(pathToFileURL(path.join(server, 'receipts/document-pdf.ts')).href);
  const ticketPdf = await import(pathToFileURL(path.join(server, 'ticket-documents/ticket-documents.pdf.ts')).href);
  return { version, receipt: receipts.renderDocumentPdf, tickets: ticketPdf.renderTicketsPdf };
}

async function msPerDocument<T>(render: (input: T) => Promise<Buffer>, input: T): Promise<number> {
  const started = performance.now();
  for (let index = 0; index < PER_ROUND; index += 1) await render(input);
  return (performance.now() - started) / PER_ROUND;
}

const all = await Promise.all(codeVersions().map(load));
for (const renderers of all) {
  // Warm-up: the first documents load the fonts and compile the code paths.
  for (let index = 0; index < 5; index += 1) {
    await renderers.receipt(receipt);
    await renderers.tickets(tickets);
  }
}
const figures = new Map(all.map((renderers) => [renderers, { receipt: [] as number[], tickets: [] as number[] }]));
for (let round = 1; round <= ROUNDS; round += 1) {
  for (const renderers of inRoundOrder(all, round)) {
    figures.get(renderers)!.receipt.push(await msPerDocument(renderers.receipt, receipt));
    figures.get(renderers)!.tickets.push(await msPerDocument(renderers.tickets, tickets));
  }
}
console.log(`document PDFs, ms per document, median of ${ROUNDS} rounds of ${PER_ROUND} (range)`);
const cell = (values: number[]) =>
  `${median(values).toFixed(1)} (${Math.min(...values).toFixed(1)}-${Math.max(...values).toFixed(1)})`;
for (const [renderers, figure] of figures) {
  const label = BASELINE
    ? `${renderers.version.label}${renderers.version.label === 'old' ? ` (${BASELINE})` : ''}`
    : 'new';
  console.log(`${label.padEnd(20)} receipt ${cell(figure.receipt).padEnd(20)} tickets (2) ${cell(figure.tickets)}`);
}
