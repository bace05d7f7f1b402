// storeMediaFile() and storeReceivedFiles(): what chat, widget and channel features call to keep
// files they received, with the same checks as the upload route, chat rules on request, a named
// folder made on first use, several files all or none, and files that expire (ttl).
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_WARNINGS } from '../../../core/upload/warnings';
import { receiveFile, storeMediaFile, storeReceivedFiles } from '../../../server/media/store';
import { sweepExpiredFiles } from '../../../server/media/sweep';
import { login, startServer, type TestServer } from '../../helpers/server';
import { type MediaClient, mediaClient, pdf, png } from './fixtures';

let server: TestServer;
let api: MediaClient;
let accountId: string;

beforeAll(async () => {
  server = await startServer();
  const session = await login(server.url);
  accountId = session.accountId;
  api = mediaClient(server.url, session);
});
afterAll(() => server?.close());

describe('storeMediaFile', () => {
  it('stores a buffer in the default folder and returns the spec 3 file object', async () => {
    const image = await png(33, 22);
    const file = await storeMediaFile(server.app.ctx, {
      accountId,
      name: 'from-line',
      buffer: image,
      declaredType: 'image/png',
      origin: server.url,
    });
    expect(file).toMatchObject({
      name: 'from-line.png',
      isImage: true,
      resolution: { width: 33, height: 22 },
    });
    expect(file.folderId).toBe(await api.defaultFolderId());
    expect((await fetch(file.url)).status).toBe(200);
    expect((await api.get('/api/folder/disk/space')).body.use).toBe(image.length);
  });

  it('stores a stream without reading it into memory first', async () => {
    const body = pdf('streamed');
    const file = await storeMediaFile(server.app.ctx, {
      accountId,
      name: 'doc.pdf',
      stream: Readable.from([body.subarray(0, 10), body.subarray(10)]),
      userId: null,
    });
    expect(file.size).toBe(body.length);
    expect(file.url).toMatch(/^\/media\/[a-z0-9]{20}\/doc.pdf$/);
  });

  it('applies the chat rules when asked: a GIF is refused in chat but kept in the library', async () => {
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    await expect(
      storeMediaFile(server.app.ctx, { accountId, name: 'a.gif', buffer: gif, rules: { inChat: true } }),
    ).rejects.toMatchObject({ status: 400, message: UPLOAD_WARNINGS.notAllowed });
    const kept = await storeMediaFile(server.app.ctx, { accountId, name: 'a.gif', buffer: gif });
    expect(kept.type).toBe('image/gif');
  });

  it('stores into a named top-level folder, made once on first use and found again in any case', async () => {
    const a = await storeMediaFile(server.app.ctx, {
      accountId,
      folderName: 'Chat files',
      name: 'a.pdf',
      buffer: pdf('a'),
    });
    const b = await storeMediaFile(server.app.ctx, {
      accountId,
      folderName: 'chat FILES',
      name: 'b.pdf',
      buffer: pdf('b'),
    });
    expect(b.folderId).toBe(a.folderId);
    const folders = (await api.get('/api/folder/list')).body as { folderId: string; folderame: string }[];
    expect(folders.filter((f) => f.folderame.toLowerCase() === 'chat files')).toEqual([
      expect.objectContaining({ folderId: a.folderId, folderame: 'Chat files' }),
    ]);
  });

  it("stores a request's received files all or none, naming the caller's field in a refusal", async () => {
    const ctx = server.app.ctx;
    const before = (await api.get('/api/folder/disk/space')).body.use;
    const receive = async (name: string, bytes: Buffer) => ({
      received: await receiveFile(ctx, bytes),
      name,
    });
    const files = [await receive('ok.pdf', pdf('one')), await receive('bad.png', pdf('not an image'))];
    await expect(storeReceivedFiles(ctx, { accountId, field: 'files' }, files)).rejects.toMatchObject({
      status: 400,
      field: 'files',
      message: UPLOAD_WARNINGS.notAllowed,
    });
    expect((await api.get('/api/folder/disk/space')).body.use).toBe(before);
    for (const f of files) expect(fs.existsSync(f.received.tmpPath)).toBe(false);
    const stored = await storeReceivedFiles(ctx, { accountId }, [
      await receive('one.pdf', pdf('one')),
      await receive('two.pdf', pdf('two')),
    ]);
    expect(stored.map((f) => f.name)).toEqual(['one.pdf', 'two.pdf']);
  });

  it('keeps ttl files out of the list and deletes them once expired, giving the bytes back', async () => {
    const before = (await api.get('/api/folder/disk/space')).body.use;
    const file = await storeMediaFile(server.app.ctx, {
      accountId,
      name: 'temp.pdf',
      buffer: pdf('ttl'),
      ttl: 1,
    });
    expect((await api.get('/api/folder/disk/space')).body.use).toBe(before + file.size);
    expect((await api.get('/api/file/list', { search: 'temp' })).body.total_count).toBe(0);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await sweepExpiredFiles(server.app.ctx)).toBe(1);
    expect((await api.get('/api/folder/disk/space')).body.use).toBe(before);
  });
});
