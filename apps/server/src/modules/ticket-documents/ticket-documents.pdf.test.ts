import jsQRModule from 'jsqr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readPdf } from '../../../test/pdf-text.js';
import { branding, event, order, tickets } from '../../../test/ticket-fixtures.js';
import { renderTicketsPdf } from './ticket-documents.pdf.js';
import { toWinAnsi } from './ticket-documents.pdf-text.js';
import { qrPng, qrSvg } from './ticket-documents.qr.js';

describe('renderTicketsPdf', () => {
  it('is a PDF with one page per ticket, each showing the event, the holder, its codes and the time in the zone', async () => {
    const pdf = await renderTicketsPdf({ branding, event, order, tickets });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');

    const { pages, title } = await readPdf(pdf);
    expect(pages).toHaveLength(2);
    expect(title).toBe('Tickets for Summer Jam at the Harbour (MQ-7K3F9X)');
    tickets.forEach((ticket, index) => {
      const text = pages[index]!;
      expect(text).toContain('Northern Lights Promotions');
      expect(text).toContain('Summer Jam at the Harbour');
      expect(text).toContain('Sat 4 Jul 2026, 19:30 – 23:00 BST (Europe/London)');
      expect(text).toContain('The Harbour Stage, Bristol BS1 4RN');
      expect(text).toContain('Last entry 21:30');
      expect(text).toContain('Ages 18+');
      expect(text).toContain('General Admission');
      expect(text).toContain('Ada Lovelace');
      expect(text).toContain(ticket.code);
      expect(text).toContain('MQ-7K3F9X');
      expect(text).toContain(`${index + 1} of 2`);
    });
    expect(pages[0]).not.toContain('TK-BBBB2222');
  });

  it('writes names outside the standard fonts as the nearest letters instead of wrong glyphs', async () => {
    const pdf = await renderTicketsPdf({
      branding: { ...branding, companyName: 'Łódź Café Nights' },
      event: { ...event, name: 'Noël – “Encore” Ünique' },
      order,
      tickets: [{ ...tickets[0]!, holderName: 'Zoë 王' }],
    });
    const { pages } = await readPdf(pdf);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain('Lódz Café Nights');
    expect(pages[0]).toContain('Noël – “Encore” Ünique');
    expect(pages[0]).toContain('Zoë ?');
  });

  it("draws each ticket's QR code as rectangles that a scanner reads back as the ticket's payload", async () => {
    const pdf = await renderTicketsPdf({ branding, event, order, tickets, compress: false });
    const text = pdf.toString('latin1');
    // Each page: the code's white square, then its dark modules as one filled path of rectangles.
    const blocks = [
      ...text.matchAll(
        /([\d.]+) ([\d.]+) 220 220 re\n\/DeviceRGB cs\n1 1 1 scn\nf\n([^]*?)\/DeviceRGB cs\n0 0 0 scn\nf/g,
      ),
    ];
    expect(blocks).toHaveLength(2);
    for (const [index, block] of blocks.entries()) {
      const [x, y] = [Number(block[1]), Number(block[2])];
      const rects = [...block[3]!.matchAll(/([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) re/g)].map((match) =>
        match.slice(1, 5).map(Number),
      );
      expect(rects.length).toBeGreaterThan(50);
      // Rasterised at 2 px per point, white around it, as a scanner would see the printed square.
      const scale = 2;
      const side = 220 * scale;
      const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
      for (const [left, top, width, height] of rects) {
        for (let py = Math.round((top! - y) * scale); py < Math.round((top! - y + height!) * scale); py += 1)
          for (let px = Math.round((left! - x) * scale); px < Math.round((left! - x + width!) * scale); px += 1)
            pixels.fill(0, (py * side + px) * 4, (py * side + px) * 4 + 3);
      }
      expect(jsQRModule.default(pixels, side, side)?.data).toBe(tickets[index]!.qrPayload);
    }
  });

  it('refuses an order without tickets', async () => {
    await expect(renderTicketsPdf({ branding, event, order, tickets: [] })).rejects.toThrow(/at least one ticket/);
  });
});

describe('toWinAnsi', () => {
  it('keeps Windows-1252 text, folds other accents and replaces the rest', () => {
    expect(toWinAnsi('Café “€5” – Straße')).toBe('Café “€5” – Straße');
    expect(toWinAnsi('Łukasz Dvořák')).toBe('Lukasz Dvorák');
    expect(toWinAnsi('東京\nline')).toBe('?? line');
  });
});

async function decode(png: Buffer): Promise<{ payload: string | null; width: number }> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  // jsqr is CommonJS with the function also on `.default`, which is what its types describe.
  const result = jsQRModule.default(
    new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
    info.width,
    info.height,
  );
  return { payload: result?.data ?? null, width: info.width };
}

describe('qrPng / qrSvg', () => {
  it('encodes the payload in a PNG of about 300 px that a scanner reads back', async () => {
    const png = await qrPng(tickets[0]!.qrPayload);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    const { payload, width } = await decode(png);
    expect(width).toBeGreaterThanOrEqual(290);
    expect(width).toBeLessThanOrEqual(310);
    expect(payload).toBe(tickets[0]!.qrPayload);
  });

  it('uses error correction M with a four-module quiet zone', async () => {
    // Byte-mode capacities: 16 bytes fit version 1 at L but need version 2 at M, Q and H needs version 3;
    // 26 bytes still fit version 2 at M but not at Q. Each version adds 4 modules, the quiet zone 8.
    const size = async (payload: string) => /viewBox="0 0 (\d+) /.exec(await qrSvg(payload))?.[1];
    expect(await size('abcdefghijklmnop')).toBe('33');
    expect(await size('abcdefghijklmnopqrstuvwxyz')).toBe('33');
    expect(await qrSvg('x')).toMatch(/^<svg /);
  });
});
