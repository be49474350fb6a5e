// Embedded default: files under DATA_DIR/uploads, written atomically (temp file in the same directory, then
// rename) so a reader never sees half a file. The content type comes from the key's extension.
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { assertValidStorageKey } from './keys.js';
import type { FileStorage } from './storage.js';

const contentTypes: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
  '.pdf': 'application/pdf',
  '.csv': 'text/csv; charset=utf-8',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

export function contentTypeForKey(key: string): string {
  return contentTypes[path.extname(key)] ?? 'application/octet-stream';
}

export function createLocalStorage(options: { root: string }): FileStorage {
  const root = path.resolve(options.root);

  const fileFor = (key: string) => {
    assertValidStorageKey(key);
    const file = path.resolve(root, key);
    // The key pattern already rules out escapes; this is the belt to its braces.
    if (!file.startsWith(root + path.sep)) throw new Error(`Storage key escapes the storage root: ${key}`);
    return file;
  };

  return {
    kind: 'local',

    async put(key, body, contentType) {
      const file = fileFor(key);
      // No side file for metadata: the extension carries the type, so a mismatch is a caller's bug.
      const expected = contentTypeForKey(key);
      if (expected !== contentType) {
        throw new Error(`Local storage keeps ${key} as ${expected}, not ${contentType}; use a matching extension`);
      }
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temp = path.join(path.dirname(file), `.tmp-${randomUUID()}`);
      try {
        const handle = await fs.open(temp, 'wx', 0o644);
        try {
          await handle.writeFile(body);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await fs.rename(temp, file);
      } catch (error) {
        await fs.rm(temp, { force: true });
        throw error;
      }
    },

    async get(key) {
      const file = fileFor(key);
      try {
        return { body: await fs.readFile(file), contentType: contentTypeForKey(key) };
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') return null;
        throw error;
      }
    },

    async delete(key) {
      await fs.rm(fileFor(key), { force: true });
    },

    publicUrl(key) {
      assertValidStorageKey(key);
      return `/uploads/${key}`;
    },
  };
}
