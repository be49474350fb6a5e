// QR codes for tickets: error correction M (survives a scuffed phone screen or a fold in paper) and the
// standard four-module quiet zone, so door scanners read them first time. The symbol comes from `qrcode`; a PNG
// is encoded by sharp (libvips, in libuv's thread pool, so a rush of fulfilments does not hold up the event loop)
// and the PDF draws the modules as vector rectangles (sharp at any zoom, and no image to encode or decode).
import QRCode from 'qrcode';
import sharp from 'sharp';
import { boundedMemo } from '@marquee/shared';

const options = { errorCorrectionLevel: 'M', margin: 4 } as const;
/** Light modules around the symbol, in modules (the standard's quiet zone). */
export const QR_MARGIN = options.margin;

/** A horizontal run of dark modules: row, first column, length (the quiet zone not counted). */
export type QrRun = readonly [row: number, column: number, length: number];

/** The e-mail's image and the PDF draw each ticket's symbol: it is made once for both (decision 040). */
const symbols = boundedMemo<{ size: number; runs: QrRun[] }>(500);

/** The symbol's size in modules and its dark modules as horizontal runs, row by row. */
export function qrRuns(payload: string): { size: number; runs: QrRun[] } {
  return symbols(payload, () => symbolRuns(payload));
}

function symbolRuns(payload: string): { size: number; runs: QrRun[] } {
  // One byte-mode segment: a signed payload is mixed-case text, for which `qrcode`'s search for the best mix of
  // modes (a shortest-path search per code) finds a symbol of the same version at about 2.5 times the cost.
  const { modules } = QRCode.create([{ data: Buffer.from(payload, 'utf8'), mode: 'byte' }], {
    errorCorrectionLevel: options.errorCorrectionLevel,
  });
  const { size, data } = modules;
  const runs: QrRun[] = [];
  for (let row = 0; row < size; row += 1) {
    let start = -1;
    for (let column = 0; column <= size; column += 1) {
      const dark = column < size && data[row * size + column] === 1;
      if (dark && start < 0) start = column;
      else if (!dark && start >= 0) {
        runs.push([row, start, column - start]);
        start = -1;
      }
    }
  }
  return { size, runs };
}

/** A PNG about `width` px wide (a whole number of pixels per module), black on white, 8-bit grey. */
export async function qrPng(payload: string, width = 300): Promise<Buffer> {
  const { size, runs } = qrRuns(payload);
  const modules = size + 2 * QR_MARGIN;
  const scale = Math.max(1, Math.round(width / modules));
  const side = modules * scale;
  const pixels = Buffer.alloc(side * side, 255);
  for (const [row, column, length] of runs) {
    const from = (column + QR_MARGIN) * scale;
    const to = (column + QR_MARGIN + length) * scale;
    for (let y = (row + QR_MARGIN) * scale; y < (row + QR_MARGIN + 1) * scale; y += 1)
      pixels.fill(0, y * side + from, y * side + to);
  }
  return sharp(pixels, { raw: { width: side, height: side, channels: 1 } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** An SVG document of the code (scales without blur, e.g. for a web page). */
export async function qrSvg(payload: string): Promise<string> {
  return QRCode.toString(payload, { ...options, type: 'svg', color: { dark: '#000000', light: '#ffffff' } });
}
