import { describe, expect, it } from 'vitest';
import { readPdf } from '../../../test/pdf-text.js';
import { branding, event, order, tickets } from '../../../test/ticket-fixtures.js';
import {
  lateOrderRefundedEmail,
  orderConfirmationEmail,
  orderLinksEmail,
  organiserSaleEmail,
  saleDigestEmail,
  type SaleDigestInput,
} from './ticket-documents.emails.js';
import { eventCancelledEmail } from './ticket-documents.cancellation.js';

// The order link carries '&', so in HTML it appears entity-escaped.
const orderUrlInHtml = order.orderUrl.replace(/&/g, '&amp;');

describe('orderConfirmationEmail', () => {
  it('goes to the buyer from the organiser, with the event and order in the subject', async () => {
    const mail = await orderConfirmationEmail({ branding, event, order, tickets });
    expect(mail.to).toBe('ada@example.com');
    expect(mail.fromName).toBe('Northern Lights Promotions');
    expect(mail.subject).toBe('Your tickets for Summer Jam at the Harbour (MQ-7K3F9X)');
  });

  it('shows each ticket QR as an inline image referenced by cid, never a data: URL', async () => {
    const mail = await orderConfirmationEmail({ branding, event, order, tickets });
    const inline = (mail.attachments ?? []).filter((attachment) => attachment.cid);
    expect(inline).toHaveLength(2);
    for (const [index, attachment] of inline.entries()) {
      expect(attachment.contentType).toBe('image/png');
      expect(attachment.content.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect(mail.html).toContain(`src="cid:${attachment.cid}"`);
      expect(mail.html).toContain(`alt="QR code for ticket ${tickets[index]!.code}"`);
    }
    expect(new Set(inline.map((attachment) => attachment.cid)).size).toBe(2);
    expect(mail.html).not.toMatch(/data:/i);
    for (const ticket of tickets) {
      expect(mail.html).toContain(ticket.code);
      expect(mail.text).toContain(ticket.code);
    }
  });

  it('attaches the tickets PDF and the calendar file', async () => {
    const mail = await orderConfirmationEmail({ branding, event, order, tickets });
    const files = (mail.attachments ?? []).filter((attachment) => !attachment.cid);
    expect(files.map((file) => [file.filename, file.contentType])).toEqual([
      ['tickets-MQ-7K3F9X.pdf', 'application/pdf'],
      ['summer-jam-at-the-harbour.ics', 'text/calendar; charset=utf-8; method=PUBLISH'],
    ]);
    const { pages } = await readPdf(files[0]!.content);
    expect(pages).toHaveLength(2);
    expect(pages[1]).toContain('TK-BBBB2222');
    const ics = files[1]!.content.toString('utf8');
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain('DTSTART:20260704T183000Z');
  });

  it('has the order summary, the event facts and the order link in both parts', async () => {
    const mail = await orderConfirmationEmail({ branding, event, order, tickets });
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('2 × General Admission');
      expect(part).toContain('£50.00');
      expect(part).toContain('Booking fee');
      expect(part).toContain('£4.00');
      expect(part).toContain('£54.00');
      expect(part).toContain('Sat 4 Jul 2026, 19:30 – 23:00 BST (Europe/London)');
      expect(part).toContain('The Harbour Stage, Bristol BS1 4RN');
      expect(part).toContain('Last entry 21:30');
    }
    expect(mail.html).toContain(`href="${orderUrlInHtml}"`);
    expect(mail.text).toContain(`View your order: ${order.orderUrl}`);
  });

  it('is drawn in the organiser colours with readable header text', async () => {
    const mail = await orderConfirmationEmail({ branding, event, order, tickets });
    // Yellow takes near-black text; dark purple surrounds the card.
    expect(mail.html).toMatch(
      /background-color:#ffd400;[^"]*color:#0a0a0a;[^>]*>(?:<img[^>]*>)?<span[^>]*>Northern Lights Promotions</,
    );
    expect(mail.html).toContain('background-color:#1a1033;');
    const dark = await orderConfirmationEmail({
      branding: { ...branding, primaryColor: '#1d1d8f' },
      event,
      order,
      tickets,
    });
    expect(dark.html).toMatch(/background-color:#1d1d8f;[^"]*color:#ffffff;/);
    expect(mail.text.split('\n')[0]).toBe('Northern Lights Promotions');
  });

  it('escapes everything the organiser and the buyer typed', async () => {
    const mail = await orderConfirmationEmail({
      branding: {
        ...branding,
        companyName: '<script>alert(1)</script> & Co',
        logoUrl: 'https://cdn.example/"onerror="x.png',
      },
      event: { ...event, name: 'Jam <img src=x onerror=alert(2)>', location: '"Quoted" <b>place</b>' },
      order: { ...order, buyerName: "O'Brien <i>" },
      tickets: [{ ...tickets[0]!, code: 'TK-<x>', holderName: '<u>Holder</u>' }],
    });
    expect(mail.html).not.toMatch(/<script|<img src=x|<b>|<i>|<u>|<x>/i);
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co');
    expect(mail.html).toContain('Jam &lt;img src=x onerror=alert(2)&gt;');
    expect(mail.html).toContain('O&#39;Brien &lt;i&gt;');
    expect(mail.html).toContain('src="https://cdn.example/%22onerror=%22x.png"');
    // The Content-ID is made from safe characters whatever the ticket code holds.
    const [qr] = mail.attachments ?? [];
    expect(qr?.cid).toMatch(/^[A-Za-z0-9.@-]+$/);
    expect(mail.subject).toBe('Your tickets for Jam <img src=x onerror=alert(2)> (MQ-7K3F9X)');
  });

  it('leaves the calendar file out when the event has no start time', async () => {
    const mail = await orderConfirmationEmail({ branding, event: { ...event, startsAt: null }, order, tickets });
    expect((mail.attachments ?? []).map((attachment) => attachment.filename)).not.toContain(
      'summer-jam-at-the-harbour.ics',
    );
    expect(mail.text).toContain('Date to be announced');
  });
});

describe('lateOrderRefundedEmail', () => {
  it('says the order is not confirmed, the full amount is refunded and when it shows up', () => {
    const mail = lateOrderRefundedEmail({ branding, event, order });
    expect(mail.to).toBe('ada@example.com');
    expect(mail.fromName).toBe('Northern Lights Promotions');
    expect(mail.subject).toBe('Your order MQ-7K3F9X for Summer Jam at the Harbour was refunded');
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('not confirmed');
      expect(part).toContain('sold out');
      expect(part).toContain('refunded the full amount of £54.00');
      expect(part).toContain('5-10 days');
    }
    expect(mail.attachments).toBeUndefined();
  });
});

describe('orderLinksEmail', () => {
  const orders = [
    {
      code: 'MQ-AAAAAA',
      eventName: 'Summer Jam',
      eventStartsAt: event.startsAt,
      timeZone: 'Europe/London',
      orderUrl: 'https://o.example/a?t=1',
    },
    {
      code: 'MQ-BBBBBB',
      eventName: 'Winter Ball',
      eventStartsAt: null,
      timeZone: 'Europe/London',
      orderUrl: 'https://o.example/b?t=2',
    },
  ];

  it('lists each order with its event, date and link', () => {
    const mail = orderLinksEmail({ to: 'ada@example.com', branding, orders });
    expect(mail.to).toBe('ada@example.com');
    expect(mail.fromName).toBe('Northern Lights Promotions');
    expect(mail.subject).toBe('Your orders with Northern Lights Promotions');
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('Summer Jam');
      expect(part).toContain('Sat 4 Jul 2026');
      expect(part).toContain('Winter Ball');
      expect(part).toContain('Date to be announced');
    }
    expect(mail.html).toContain('href="https://o.example/a?t=1"');
    expect(mail.text).toContain('View order MQ-BBBBBB: https://o.example/b?t=2');
  });

  it('says when there are no orders for the address', () => {
    const mail = orderLinksEmail({ to: 'ada@example.com', branding, orders: [] });
    expect(mail.text).toContain('We could not find any orders for this e-mail address');
    expect(mail.html).not.toContain('View order');
  });
});

describe('organiserSaleEmail', () => {
  it('tells the organiser who bought what, the total, where to see it and how to stop these e-mails', () => {
    const mail = organiserSaleEmail({
      to: 'owner@northern.example',
      branding,
      event,
      order,
      dashboardUrl: 'https://app.marquee.test/dashboard/events/view/3f0c6a52',
    });
    expect(mail.to).toBe('owner@northern.example');
    expect(mail.subject).toBe('New order MQ-7K3F9X: 2 tickets for Summer Jam at the Harbour (£54.00)');
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('Ada Lovelace (ada@example.com) bought 2 tickets');
      expect(part).toContain('£54.00');
    }
    expect(mail.html).toContain('Profile &gt; Notifications');
    expect(mail.text).toContain('Profile > Notifications');
    expect(mail.html).toContain('href="https://app.marquee.test/dashboard/events/view/3f0c6a52"');
    expect(mail.text).not.toContain(order.orderUrl);
    expect(mail.html).not.toContain('s3cr3t-token');
  });
});

describe('the sale e-mails as a digest (decision 147)', () => {
  it("the first sale's e-mail says the next sales come together, in the digest's interval", () => {
    const mail = organiserSaleEmail({
      to: 'o@x.example',
      branding,
      event,
      order,
      dashboardUrl: 'https://a.test/d',
      digestMinutes: 15,
    });
    expect(mail.text).toContain(
      'Sales in the next 15 minutes will come together in one e-mail when those 15 minutes are up.',
    );
    expect(mail.text).not.toContain('To get fewer e-mails');
  });

  const digest = (events: SaleDigestInput['events'], after: SaleDigestInput['after'] = 'sale') =>
    saleDigestEmail({
      to: 'owner@northern.example',
      branding,
      events,
      // 19:30 to 19:45 British Summer Time.
      windowStart: new Date('2026-06-01T18:30:00Z'),
      windowEnd: new Date('2026-06-01T18:45:00Z'),
      timeZone: 'Europe/London',
      intervalMinutes: 15,
      after,
    });
  const line = (code: string, buyerName: string, tickets: number, totalMinor: number, refundedMinor = 0) => ({
    code,
    buyerName,
    tickets,
    currency: 'GBP' as const,
    totalMinor,
    refundedMinor,
  });

  it('lists each order with its buyer, tickets and amount, the counts and totals, and the dashboard link', () => {
    const mail = digest([
      {
        name: 'Summer Jam at the Harbour',
        dashboardUrl: 'https://app.marquee.test/dashboard/events/view/3f0c6a52',
        orders: [
          line('MQ-AAAA22', 'Ada Lovelace', 2, 5400),
          line('MQ-BBBB33', 'Alan Turing', 1, 2700, 2700),
          line('MQ-CCCC44', '', 3, 8100, 2500),
        ],
      },
    ]);
    expect(mail.to).toBe('owner@northern.example');
    expect(mail.fromName).toBe('Northern Lights Promotions via Marquee');
    expect(mail.subject).toBe('Sales summary: 3 orders, 6 tickets for Summer Jam at the Harbour (£162.00)');
    expect(mail.text).toContain('3 new orders for Summer Jam at the Harbour');
    expect(mail.text).toContain(
      'These orders were paid between 19:30 and 19:45 on Mon 1 Jun 2026 (Europe/London), after the sale we e-mailed you about on its own.',
    );
    expect(mail.text).toContain('  MQ-AAAA22 · Ada Lovelace · 2 tickets: £54.00\n');
    expect(mail.text).toContain('  MQ-BBBB33 · Alan Turing · 1 ticket: £27.00, refunded\n');
    // An erased buyer has no name to show.
    expect(mail.text).toContain('  MQ-CCCC44 · 3 tickets: £81.00, £25.00 refunded\n');
    expect(mail.text).toContain('  Orders: 3\n  Tickets: 6\nPaid: £162.00\n  Refunded since: £52.00');
    expect(mail.html).toContain('href="https://app.marquee.test/dashboard/events/view/3f0c6a52"');
    expect(mail.text).toContain('every 15 minutes; the first sale after 15 minutes without one is e-mailed at once');
  });

  it('keeps currencies apart, names each event and follows a previous summary', () => {
    const mail = digest(
      [
        { name: 'Summer Jam', dashboardUrl: 'https://a.test/1', orders: [line('MQ-AAAA22', 'Ada', 1, 2700)] },
        {
          name: 'Winter Jam',
          dashboardUrl: 'https://a.test/2',
          orders: [{ ...line('MQ-BBBB33', 'Bob', 2, 4000), currency: 'EUR' }],
        },
      ],
      'summary',
    );
    expect(mail.subject).toBe('Sales summary: 2 orders, 3 tickets for 2 events (£27.00 and €40.00)');
    expect(mail.text).toContain('after our last summary');
    expect(mail.text).toContain('Paid in GBP: £27.00');
    expect(mail.text).toContain('Paid in EUR: €40.00');
    expect(mail.html).toContain('View Winter Jam in your dashboard');
  });

  it('escapes what buyers and organisers typed', () => {
    const mail = digest([
      {
        name: 'Jam <script>alert(1)</script>',
        dashboardUrl: 'https://a.test/1',
        orders: [line('MQ-AAAA22', 'Ada "<b>bold</b>" & co', 1, 2700)],
      },
    ]);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>bold</b>');
    expect(mail.html).toContain('Jam &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('&lt;b&gt;bold&lt;/b&gt;');
    expect(mail.html).toContain('&amp; co');
  });
});

describe('an order with add-ons (decision 134)', () => {
  // Two £25 tickets and a £15 T-shirt, with their fees: £50 + £15, £4 + £1.20.
  const withAddOns = {
    ...order,
    addOns: [{ name: 'T-shirt', quantity: 1, unitPriceMinor: 1500, unitFeeMinor: 120 }],
    subtotalMinor: 6500,
    feeMinor: 520,
    totalMinor: 7020,
  };

  it("the organiser's sale e-mail lists the add-on with its price, and the total counts it", () => {
    const mail = organiserSaleEmail({
      to: 'owner@northern.example',
      branding,
      event,
      order: withAddOns,
      dashboardUrl: 'https://app.marquee.test/dashboard',
    });
    expect(mail.subject).toBe('New order MQ-7K3F9X: 2 tickets for Summer Jam at the Harbour (£70.20)');
    expect(mail.text).toContain(
      '  2 × General Admission: £50.00\n  1 × T-shirt: £15.00\n  Booking fee: £5.20\nTotal: £70.20',
    );
  });

  it("the cancellation's refund names what its amount was for", () => {
    const cancelled = (current: typeof order) =>
      eventCancelledEmail({ branding, event, order: current, refundedMinor: current.totalMinor, reason: 'Storm' }).text;
    expect(cancelled(withAddOns)).toContain('  Tickets and add-ons: £65.00\n  Booking fee: £5.20\nRefunded: £70.20');
    expect(cancelled(order)).toContain('  Tickets: £50.00\n');
  });
});
