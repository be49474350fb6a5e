// Sample inputs for the ticket-document renderers: an order of two tickets for an evening event in London.
import type {
  DocumentBranding,
  DocumentEvent,
  DocumentOrder,
  DocumentTicket,
} from '../src/modules/ticket-documents/ticket-documents.types.js';

export const branding: DocumentBranding = {
  companyName: 'Northern Lights Promotions',
  primaryColor: '#ffd400',
  secondaryColor: '#1a1033',
  logoUrl: null,
};

export const event: DocumentEvent = {
  id: '3f0c6a52-6f1e-4c55-9a57-0d5c3b1e8a11',
  name: 'Summer Jam at the Harbour',
  description: 'An evening of live soul and funk by the water.',
  location: 'The Harbour Stage, Bristol BS1 4RN',
  // 19:30 to 23:00 British Summer Time.
  startsAt: new Date('2026-07-04T18:30:00Z'),
  endsAt: new Date('2026-07-04T22:00:00Z'),
  lastEntryAt: new Date('2026-07-04T20:30:00Z'),
  timeZone: 'Europe/London',
  minimumAge: 18,
  url: 'https://northern-lights.marquee.test/events/3f0c6a52-6f1e-4c55-9a57-0d5c3b1e8a11',
};

export const order: DocumentOrder = {
  code: 'MQ-7K3F9X',
  buyerName: 'Ada Lovelace',
  buyerEmail: 'ada@example.com',
  currency: 'GBP',
  lines: [{ name: 'General Admission', quantity: 2, unitPriceMinor: 2500, unitFeeMinor: 200 }],
  subtotalMinor: 5000,
  feeMinor: 400,
  totalMinor: 5400,
  paidAt: new Date('2026-06-01T10:15:00Z'),
  orderUrl: 'https://northern-lights.marquee.test/orders/MQ-7K3F9X?token=s3cr3t-token&x=1',
};

export const tickets: DocumentTicket[] = [
  {
    code: 'TK-AAAA1111',
    typeName: 'General Admission',
    holderName: 'Ada Lovelace',
    qrPayload: 'mq1.TK-AAAA1111.c2lnbmF0dXJlLW9uZQ',
  },
  {
    code: 'TK-BBBB2222',
    typeName: 'General Admission',
    holderName: 'Ada Lovelace',
    qrPayload: 'mq1.TK-BBBB2222.c2lnbmF0dXJlLXR3bw',
  },
];
