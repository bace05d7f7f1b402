// The media accounting on PostgreSQL, where concurrent requests really run side by side: uploads
// racing for the last bytes of the limit, deletes, and the default folder made only once.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setStorageLimit } from '../../../server/media/usage';
import { createTestDatabase, postgresAvailable } from '../../helpers/postgres';
import { login, startServer, type TestServer } from '../../helpers/server';
import { type MediaClient, mediaClient, png } from './fixtures';

const ready = await postgresAvailable();
if (!ready)
  console.warn('PostgreSQL is not reachable at 127.0.0.1:5432: the media PostgreSQL tests are skipped.');

describe.skipIf(!ready)('media on PostgreSQL', () => {
  let server: TestServer;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let api: MediaClient;
  let accountId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startServer({ databaseUrl: database.url });
    const session = await login(server.url);
    accountId = session.accountId;
    api = mediaClient(server.url, session);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const bytesOnDisk = () => {
    const dir = path.join(server.dataDir, 'media', 'files', accountId);
    return fs.existsSync(dir)
      ? fs.readdirSync(dir).reduce((sum, f) => sum + fs.statSync(path.join(dir, f)).size, 0)
      : 0;
  };

  it('makes one default folder however many first calls race', async () => {
    const lists = await Promise.all(Array.from({ length: 8 }, () => api.get('/api/folder/list')));
    expect(new Set(lists.map((l) => l.body[0].folderId)).size).toBe(1);
  });

  it('lets exactly as many racing uploads in as fit under the limit, and counts them exactly', async () => {
    const images = await Promise.all(Array.from({ length: 10 }, (_, i) => png(20 + i, 20)));
    const limit = images.slice(0, 4).reduce((sum, b) => sum + b.length, 0) + 10;
    await setStorageLimit(server.app.ctx.db, accountId, limit);
    const folderId = await api.defaultFolderId();
    const results = await Promise.all(
      images.map((body, i) => api.upload([{ name: `r${i}.png`, body }], folderId)),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(results.every((r) => r.status === 200 || r.status === 413)).toBe(true);
    expect(ok.length).toBeGreaterThanOrEqual(3);
    const disk = (await api.get('/api/folder/disk/space')).body;
    expect(disk.use).toBeLessThanOrEqual(limit);
    expect(disk.use).toBe(ok.reduce((sum, r) => sum + r.body.resultUpload[0].size, 0));
    expect(disk.use).toBe(bytesOnDisk());
    await setStorageLimit(server.app.ctx.db, accountId, 5_000_000_000);
  });

  it('keeps use equal to the disk through concurrent deletes and a forced folder delete', async () => {
    const folder = await api.post('/api/folder/create', { name: 'Racing' });
    const up = await Promise.all(
      Array.from({ length: 6 }, async (_, i) =>
        api.upload([{ name: `d${i}.png`, body: await png(30 + i, 10) }], folder.body.folderId),
      ),
    );
    const ids = up.map((u) => u.body.resultUpload[0].id);
    // The same files deleted twice at once are given back once.
    await Promise.all([
      api.del('/api/file/delete', { fileIds: ids.slice(0, 3) }),
      api.del('/api/file/delete', { fileIds: ids.slice(0, 3) }),
      api.del('/api/file/delete', { fileIds: ids.slice(1, 2) }),
    ]);
    expect((await api.get('/api/folder/disk/space')).body.use).toBe(bytesOnDisk());
    const deleted = await api.del('/api/folder/delete', { folderId: folder.body.folderId, force: true });
    expect(deleted.body.deleted_files).toBe(3);
    expect(deleted.body.diskInfo.use).toBe(bytesOnDisk());
  });
});
