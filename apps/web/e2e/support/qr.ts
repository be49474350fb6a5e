// Reads a QR code from a screenshot (PNG bytes), as a phone's scanner would: jsQR on the picture's pixels.
import jsQR from 'jsqr';
import sharp from 'sharp';

/** The text the QR code in `png` carries, or null when none reads. */
export async function readQr(png: Buffer): Promise<string | null> {
  const { data, info } = await sharp(png).flatten({ background: '#ffffff' }).ensureAlpha().raw().toBuffer({
    resolveWithObject: true,
  });
  const pixels = new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength);
  return jsQR(pixels, info.width, info.height)?.data ?? null;
}
