// The media store in a local folder (DATA_DIR/media by default).
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assertKey, type MediaStorage } from './storage';

export function createLocalStorage(root: string): MediaStorage {
  const full = (key: string) => path.join(root, assertKey(key));
  const temp = (key: string) => `${full(key)}.${process.pid}.${Date.now()}.part`;
  const store: MediaStorage = {
    kind: 'local',
    async put(key, body, _meta) {
      const target = full(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      const part = temp(key);
      try {
        if (Buffer.isBuffer(body)) await fs.promises.writeFile(part, body);
        else await pipeline(body, fs.createWriteStream(part));
        await fs.promises.rename(part, target);
      } catch (err) {
        await fs.promises.rm(part, { force: true });
        throw err;
      }
    },
    async putFile(key, file, meta) {
      const target = full(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      try {
        await fs.promises.rename(file, target);
      } catch (err) {
        // Another file system (EXDEV): copy through a stream instead.
        if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
        await store.put(key, fs.createReadStream(file), meta);
        await fs.promises.rm(file, { force: true });
      }
    },
    async get(key, range) {
      const file = full(key);
      const stat = await fs.promises.stat(file).catch(() => null);
      if (!stat?.isFile()) return null;
      const stream = range
        ? fs.createReadStream(file, { start: range.start, end: range.end })
        : fs.createReadStream(file);
      return { stream, size: stat.size };
    },
    async stat(key) {
      const stat = await fs.promises.stat(full(key)).catch(() => null);
      return stat?.isFile() ? { size: stat.size } : null;
    },
    async delete(key) {
      await fs.promises.rm(full(key), { force: true });
    },
  };
  return store;
}
