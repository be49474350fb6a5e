// Real image files for upload tests: random pixels do not compress, so the size follows the dimensions.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

export async function makePng(width: number, height: number, name = 'brand.png'): Promise<string> {
  const pixels = randomBytes(width * height * 3);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-img-')), name);
  await sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toFile(file);
  return file;
}

/** A PNG between 50 KB and 750 KB. */
export const makeValidPng = () => makePng(220, 220);
/** A PNG under 50 KB. */
export const makeTinyPng = () => makePng(60, 60, 'tiny.png');
