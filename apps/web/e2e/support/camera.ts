// Chromium's fake camera (--use-file-for-fake-video-capture) plays a .y4m file: this makes one of a QR image.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

/** A 640x480 one-frame video (4:2:0) of `png` on white, centred, `size` pixels square: what the fake camera shows. */
export async function videoOf(png: Buffer, size = 360): Promise<string> {
  const width = 640;
  const height = 480;
  const luma = await sharp(png)
    .resize(size, size, { fit: 'contain', background: '#ffffff', kernel: 'nearest' })
    .flatten({ background: '#ffffff' })
    .extend({
      top: (height - size) / 2,
      bottom: (height - size) / 2,
      left: (width - size) / 2,
      right: (width - size) / 2,
      background: '#ffffff',
    })
    .greyscale()
    .raw()
    .toBuffer();
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-camera-')), 'ticket.y4m');
  const header = `YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\nFRAME\n`;
  fs.writeFileSync(file, Buffer.concat([Buffer.from(header), luma.subarray(0, width * height), chroma]));
  return file;
}
