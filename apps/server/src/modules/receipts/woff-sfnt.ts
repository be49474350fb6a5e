// A WOFF 1.0 file unpacked to the plain font (sfnt) it wraps (W3C WOFF File Format 1.0, sections 4-6): each
// table is zlib-compressed on its own, so unpacking is one inflate per table. fontkit reads WOFF too, but
// re-inflates a table every time it reads from it, which made one receipt's font subsetting cost ~150 ms.
import { inflateSync } from 'node:zlib';

const WOFF_HEADER = 44;
const WOFF_ENTRY = 20;
const SFNT_HEADER = 12;
const SFNT_ENTRY = 16;

export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.length < WOFF_HEADER || woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('Not a WOFF 1.0 file');
  const flavor = woff.readUInt32BE(4);
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, index) => {
    const at = WOFF_HEADER + index * WOFF_ENTRY;
    const [tag, offset, compressed, original, checksum] = [0, 4, 8, 12, 16].map((field) =>
      woff.readUInt32BE(at + field),
    );
    const stored = woff.subarray(offset!, offset! + compressed!);
    const data = compressed! < original! ? inflateSync(stored) : stored;
    if (data.length !== original) throw new Error('A WOFF table does not unpack to its stated length');
    return { tag: tag!, checksum: checksum!, data };
  });

  // The sfnt header's binary-search fields (OpenType spec, "Table Directory").
  const power = 2 ** Math.floor(Math.log2(Math.max(1, count)));
  const head = Buffer.alloc(SFNT_HEADER + count * SFNT_ENTRY);
  head.writeUInt32BE(flavor, 0);
  head.writeUInt16BE(count, 4);
  head.writeUInt16BE(power * SFNT_ENTRY, 6);
  head.writeUInt16BE(Math.log2(power), 8);
  head.writeUInt16BE(count * SFNT_ENTRY - power * SFNT_ENTRY, 10);
  const parts: Buffer[] = [head];
  let offset = head.length;
  tables.forEach((table, index) => {
    const at = SFNT_HEADER + index * SFNT_ENTRY;
    head.writeUInt32BE(table.tag, at);
    head.writeUInt32BE(table.checksum, at + 4);
    head.writeUInt32BE(offset, at + 8);
    head.writeUInt32BE(table.data.length, at + 12);
    const padding = (4 - (table.data.length % 4)) % 4;
    parts.push(table.data, Buffer.alloc(padding));
    offset += table.data.length + padding;
  });
  return Buffer.concat(parts);
}
