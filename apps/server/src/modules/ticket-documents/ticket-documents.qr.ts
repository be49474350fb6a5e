// QR codes for tickets: error correction M (survives a scuffed phone screen or a fold in paper) and the
// standard four-module quiet zone, so door scanners read them first time.
import QRCode from 'qrcode';

const options = { errorCorrectionLevel: 'M', margin: 4 } as const;

/** A PNG about 300 px wide, black on white. */
export async function qrPng(payload: string, width = 300): Promise<Buffer> {
  return QRCode.toBuffer(payload, { ...options, type: 'png', width, color: { dark: '#000000', light: '#ffffff' } });
}

/** An SVG document of the code (scales without blur, e.g. for a web page). */
export async function qrSvg(payload: string): Promise<string> {
  return QRCode.toString(payload, { ...options, type: 'svg', color: { dark: '#000000', light: '#ffffff' } });
}
