// Issue 8, spec 3/5/7/8/9: uploads checked on their real bytes, the file list's paging, sorting and
// filters, edit, move, delete, the stable addresses and the storage use that always matches the disk.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_PAGE_SIZE } from '../../../core/models/media';
import { messageKey } from '../../../core/text/messageKeys';
import { SERVER_MESSAGES } from '../../../core/text/serverMessages';
import { UPLOAD_WARNINGS } from '../../../core/upload/warnings';
import { setStorageLimit } from '../../../server/media/usage';
import { login, startServer, type TestServer } from '../../helpers/server';
import {
  docx,
  exe,
  jpeg,
  type MediaClient,
  mediaClient,
  mp4OfSize,
  pdf,
  png,
  pngOfSize,
  pngWithoutSize,
  type Session,
  SVG_WITH_SCRIPT,
} from './fixtures';

let server: TestServer;
let session: Session;
let api: MediaClient;
let defaultFolder: string;

beforeAll(async () => {
  server = await startServer();
  session = await login(server.url);
  api = mediaClient(server.url, session);
  defaultFolder = await api.defaultFolderId();
});
afterAll(() => server?.close());

/** Bytes of every stored original of the account, as the disk has them. */
function bytesOnDisk(accountId: string): number {
  const dir = path.join(server.dataDir, 'media', 'files', accountId);
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir).reduce((sum, f) => sum + fs.statSync(path.join(dir, f)).size, 0);
}

async function expectUseMatchesDisk() {
  const { body } = await api.get('/api/folder/disk/space');
  expect(body.use).toBe(bytesOnDisk(session.accountId));
  return body.use as number;
}

async function newFolder(name: string, parentId?: string) {
  const { status, body } = await api.post('/api/folder/create', { name, parentId });
  expect(status).toBe(200);
  return body.folderId as string;
}

describe('POST /api/file/upload', () => {
  it('stores an image with its type, size, resolution, thumbnail and stable address (spec 3)', async () => {
    const image = await png(40, 30);
    const { status, body } = await api.upload([{ name: 'red.png', body: image, type: 'image/png' }]);
    expect(status).toBe(200);
    expect(body.resultUpload).toHaveLength(1);
    const file = body.resultUpload[0];
    expect(file).toMatchObject({
      name: 'red.png',
      type: 'image/png',
      extension: 'png',
      size: image.length,
      isImage: true,
      isVideo: false,
      isDoc: false,
      resolution: { width: 40, height: 30 },
      folderId: defaultFolder,
      createdById: session.user._id,
    });
    expect(file.url).toBe(`${server.url}/media/${file.id}/red.png`);
    expect(file.urlOriginal).toBe(file.url);
    expect(body.diskInfo.use).toBeGreaterThanOrEqual(image.length);
    const served = await fetch(file.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);
    const thumb = await fetch(file.thumbnailUrl);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    await expectUseMatchesDisk();
  });

  it('uploads into the folder named by folderId, in any part order', async () => {
    const folderId = await newFolder('Upload target');
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(await jpeg())], { type: 'image/jpeg' }), 'blue.jpg');
    form.append('folderId', folderId);
    const res = await fetch(`${server.url}/api/file/upload`, {
      method: 'POST',
      headers: { authorization: session.headers.authorization, channel_id: session.accountId },
      body: form,
    });
    expect(res.status).toBe(200);
    expect((await res.json()).resultUpload[0].folderId).toBe(folderId);
  });

  it('keeps documents by their bytes: PDF, DOCX, CSV', async () => {
    const { status, body } = await api.upload([
      { name: 'report.pdf', body: pdf(), type: 'application/pdf' },
      { name: 'letter.docx', body: await docx() },
      { name: 'list.csv', body: Buffer.from('a,b\n1,2\n'), type: 'application/vnd.ms-excel' },
    ]);
    expect(status).toBe(200);
    expect(body.resultUpload.map((f: { type: string; isDoc: boolean }) => [f.type, f.isDoc])).toEqual([
      ['application/pdf', true],
      ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', true],
      ['text/csv', true],
    ]);
    const served = await fetch(body.resultUpload[0].url);
    expect(served.headers.get('content-disposition')).toMatch(/^attachment; filename="report.pdf"/);
    await expectUseMatchesDisk();
  });

  const refused: [string, () => Promise<{ name: string; body: Buffer; type?: string }[]>, string][] = [
    [
      'an .exe renamed .jpg',
      async () => [{ name: 'holiday.jpg', body: exe(), type: 'image/jpeg' }],
      UPLOAD_WARNINGS.notAllowed,
    ],
    ['an .exe', async () => [{ name: 'setup.exe', body: exe() }], UPLOAD_WARNINGS.notAllowed],
    [
      'a zero-byte file',
      async () => [{ name: 'empty.png', body: Buffer.alloc(0), type: 'image/png' }],
      UPLOAD_WARNINGS.notAllowed,
    ],
    ['a PDF named .png', async () => [{ name: 'fake.png', body: pdf() }], UPLOAD_WARNINGS.notAllowed],
    [
      'a PNG declared as video/mp4',
      async () => [{ name: 'x.png', body: await png(), type: 'video/mp4' }],
      UPLOAD_WARNINGS.notAllowed,
    ],
    [
      'text named .pdf',
      async () => [{ name: 'notes.pdf', body: Buffer.from('just text') }],
      UPLOAD_WARNINGS.notAllowed,
    ],
    [
      'an HTML page named .svg without an svg root',
      async () => [{ name: 'page.svg', body: Buffer.from('<html><script>alert(1)</script></html>') }],
      UPLOAD_WARNINGS.notAllowed,
    ],
    [
      'a PNG whose pixels cannot be read',
      async () => [{ name: 'broken.png', body: pngWithoutSize() }],
      UPLOAD_WARNINGS.noResolution,
    ],
    [
      'an image of 10,000,001 bytes (limit 10 MB)',
      async () => [{ name: 'big.png', body: await pngOfSize(10_000_001) }],
      UPLOAD_WARNINGS.tooLarge,
    ],
    [
      'a 60 MB video (limit 50 MB)',
      async () => [{ name: 'movie.mp4', body: mp4OfSize(60_000_000), type: 'video/mp4' }],
      UPLOAD_WARNINGS.tooLarge,
    ],
    [
      'a 50,000,001-byte video',
      async () => [{ name: 'movie.mp4', body: mp4OfSize(50_000_001) }],
      UPLOAD_WARNINGS.tooLarge,
    ],
    [
      'six files (at most 5)',
      async () => Array.from({ length: 6 }, (_, i) => ({ name: `f${i}.pdf`, body: pdf() })),
      UPLOAD_WARNINGS.checkAgain,
    ],
  ];
  it.each(refused)('refuses %s with the spec 8 warning and stores nothing', async (_name, make, warning) => {
    const before = await expectUseMatchesDisk();
    const { status, body } = await api.upload(await make());
    expect(status).toBe(400);
    expect(body.message.startsWith(warning)).toBe(true);
    expect(body.field).toBe('files');
    expect(await expectUseMatchesDisk()).toBe(before);
    expect(fs.readdirSync(path.join(server.dataDir, 'media', '.incoming'))).toEqual([]);
  });

  it('refuses the whole request when one of its files is bad', async () => {
    const before = await expectUseMatchesDisk();
    const { status } = await api.upload([
      { name: 'good.pdf', body: pdf() },
      { name: 'bad.jpg', body: exe() },
    ]);
    expect(status).toBe(400);
    expect(await expectUseMatchesDisk()).toBe(before);
  });

  it('accepts exactly at the limits: a 10,000,000-byte image and a 50,000,000-byte video', async () => {
    const { status, body } = await api.upload([
      { name: 'edge.png', body: await pngOfSize(10_000_000) },
      { name: 'edge.mp4', body: mp4OfSize(50_000_000), type: 'video/mp4' },
    ]);
    expect(status).toBe(200);
    expect(body.resultUpload.map((f: { size: number }) => f.size)).toEqual([10_000_000, 50_000_000]);
    expect(body.resultUpload[1]).toMatchObject({ isVideo: true, type: 'video/mp4' });
    await expectUseMatchesDisk();
    await api.del('/api/file/delete', { fileIds: body.resultUpload.map((f: { id: string }) => f.id) });
    await expectUseMatchesDisk();
  });

  it('serves an SVG with script only as a sandboxed download, never as active content', async () => {
    const { status, body } = await api.upload([
      { name: 'logo.svg', body: SVG_WITH_SCRIPT, type: 'image/svg+xml' },
    ]);
    expect(status).toBe(200);
    const file = body.resultUpload[0];
    expect(file.resolution).toEqual({ width: 100, height: 50 });
    const served = await fetch(file.url);
    expect(served.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    expect(served.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    // The grid shows the rasterised thumbnail, which cannot carry script.
    expect((await fetch(file.thumbnailUrl)).headers.get('content-type')).toBe('image/webp');
  });

  it('never uses the name as a path', async () => {
    const { status, body } = await api.upload([{ name: '../../../etc/passwd.png', body: await png() }]);
    expect(status).toBe(200);
    expect(body.resultUpload[0].name).toBe('passwd.png');
    expect(
      fs.existsSync(path.join(server.dataDir, 'media', 'files', session.accountId, body.resultUpload[0].id)),
    ).toBe(true);
  });

  it('refuses a request without files, without multipart, or for another folder of nobody', async () => {
    expect((await api.upload([])).status).toBe(400);
    expect((await api.post('/api/file/upload', {})).status).toBe(400);
    expect((await api.upload([{ name: 'a.pdf', body: pdf() }], 'nosuchfolder1234')).status).toBe(404);
  });

  it('refuses files that do not fit in the account storage limit (413) and keeps the count exact', async () => {
    const use = await expectUseMatchesDisk();
    const image = await png(20, 20);
    await setStorageLimit(server.app.ctx.db, session.accountId, use + image.length);
    const fits = await api.upload([{ name: 'fits.png', body: image }]);
    expect(fits.status).toBe(200);
    expect(fits.body.diskInfo).toEqual({ use: use + image.length, limit: use + image.length });
    const over = await api.upload([{ name: 'over.png', body: image }]);
    expect(over.status).toBe(413);
    expect(over.body.code).toBe('storage_full');
    await setStorageLimit(server.app.ctx.db, session.accountId, 5_000_000_000);
    await expectUseMatchesDisk();
  });

  it('counts concurrent uploads to one folder exactly', async () => {
    const folderId = await newFolder('Concurrent');
    const before = await expectUseMatchesDisk();
    const images = await Promise.all(Array.from({ length: 12 }, (_, i) => png(10 + i, 10)));
    const results = await Promise.all(
      images.map((body, i) => api.upload([{ name: `c${i}.png`, body }], folderId)),
    );
    expect(results.map((r) => r.status)).toEqual(images.map(() => 200));
    const total = images.reduce((sum, b) => sum + b.length, 0);
    expect(await expectUseMatchesDisk()).toBe(before + total);
    const list = await api.get('/api/file/list', { folderId });
    expect(list.body.total_count).toBe(12);
  });
});

describe('GET /api/file/list', () => {
  let folderId: string;
  beforeAll(async () => {
    folderId = await newFolder('Listing');
    // One at a time so created dates differ.
    for (const [name, body] of [
      ['banana.png', await png(100, 50)],
      ['Apple.jpg', await jpeg(2500, 1686)],
      ['cherry.pdf', pdf('cherry')],
      ['ข้อมูล.pdf', pdf('thai')],
      ['50%_off.png', await png(30, 30)],
    ] as const) {
      expect((await api.upload([{ name, body }], folderId)).status).toBe(200);
    }
  });
  const names = (body: { files: { name: string }[] }) => body.files.map((f) => f.name);

  it('lists newest first by default (spec 9) with total_count', async () => {
    const { status, body } = await api.get('/api/file/list', { folderId });
    expect(status).toBe(200);
    expect(body.total_count).toBe(5);
    expect(names(body)).toEqual(['50%_off.png', 'ข้อมูล.pdf', 'cherry.pdf', 'Apple.jpg', 'banana.png']);
  });

  it('sorts by createdDate ascending, name and size', async () => {
    expect(names((await api.get('/api/file/list', { folderId, sortAsc: true })).body)[0]).toBe('banana.png');
    const byName = names(
      (await api.get('/api/file/list', { folderId, sortField: 'name', sortAsc: true })).body,
    );
    expect(byName.slice(0, 2)).toEqual(['50%_off.png', 'Apple.jpg']);
    const bySize = (await api.get('/api/file/list', { folderId, sortField: 'size' })).body.files;
    expect(bySize[0].name).toBe('Apple.jpg');
    expect((await api.get('/api/file/list', { folderId, sortField: 'nope' })).status).toBe(400);
  });

  it('pages with skip and limit; limit 1 to 300', async () => {
    const page = await api.get('/api/file/list', { folderId, skip: 1, limit: 2 });
    expect(names(page.body)).toEqual(['ข้อมูล.pdf', 'cherry.pdf']);
    expect(page.body.total_count).toBe(5);
    expect((await api.get('/api/file/list', { folderId, limit: MEDIA_PAGE_SIZE })).status).toBe(200);
    expect((await api.get('/api/file/list', { folderId, limit: MEDIA_PAGE_SIZE + 1 })).body.field).toBe(
      'limit',
    );
    expect((await api.get('/api/file/list', { folderId, limit: 0 })).status).toBe(400);
    expect((await api.get('/api/file/list', { folderId, skip: -1 })).status).toBe(400);
  });

  it('searches names without case, in Thai, and with % and _ taken literally', async () => {
    expect(names((await api.get('/api/file/list', { folderId, search: 'APPLE' })).body)).toEqual([
      'Apple.jpg',
    ]);
    expect(names((await api.get('/api/file/list', { folderId, search: 'ข้อมูล' })).body)).toEqual(['ข้อมูล.pdf']);
    expect(names((await api.get('/api/file/list', { folderId, search: '%_' })).body)).toEqual([
      '50%_off.png',
    ]);
    expect((await api.get('/api/file/list', { folderId, search: 'zzz' })).body).toEqual({
      files: [],
      total_count: 0,
    });
  });

  it('filters by type, size and resolution', async () => {
    const docs = await api.get('/api/file/list', { folderId, type: 'file' });
    expect(docs.body.total_count).toBe(2);
    const images = await api.get('/api/file/list', {
      folderId,
      type: 'image',
      sortField: 'name',
      sortAsc: true,
    });
    expect(names(images.body)).toEqual(['50%_off.png', 'Apple.jpg', 'banana.png']);
    const rich = await api.get('/api/file/list', { folderId, resolution: '2500x1686,2500x843' });
    expect(names(rich.body)).toEqual(['Apple.jpg']);
    const small = await api.get('/api/file/list', { folderId, size: '-300' });
    expect(small.body.files.every((f: { size: number }) => f.size <= 300)).toBe(true);
    expect((await api.get('/api/file/list', { folderId, type: 'exe' })).status).toBe(400);
    expect((await api.get('/api/file/list', { folderId, resolution: 'big' })).status).toBe(400);
  });

  it('without folderId lists every folder of the account; an unknown folder is 404', async () => {
    const all = await api.get('/api/file/list', { search: 'cherry' });
    expect(all.body.total_count).toBe(1);
    expect((await api.get('/api/file/list', { folderId: 'nosuchfolder1234' })).status).toBe(404);
  });
});

describe('POST /api/file/edit and /api/file/move', () => {
  it('renames keeping the extension; the old address keeps working', async () => {
    const up = await api.upload([{ name: 'draft.pdf', body: pdf() }]);
    const file = up.body.resultUpload[0];
    const { status, body } = await api.post('/api/file/edit', {
      file_id: file.id,
      name: 'Final report',
      type: 'pdf',
    });
    expect(status).toBe(200);
    expect(body.file.name).toBe('Final report.pdf');
    expect(body.file.url).toBe(`${server.url}/media/${file.id}/Final%20report.pdf`);
    const old = await fetch(file.url);
    expect(old.status).toBe(200);
    expect(old.headers.get('content-disposition')).toContain("filename*=UTF-8''Final%20report.pdf");
    expect((await api.post('/api/file/edit', { file_id: file.id, name: '  ' })).body.message).toBe(
      'This field is required.',
    );
    expect(
      (await api.post('/api/file/edit', { file_id: file.id, name: 'x', type: 'exe' })).body.message,
    ).toBe(UPLOAD_WARNINGS.notAllowed);
    expect((await api.post('/api/file/edit', { file_id: file.id, name: 'a'.repeat(201) })).status).toBe(400);
    expect((await api.post('/api/file/edit', { file_id: 'nosuchfile12345678', name: 'x' })).status).toBe(404);
  });

  it('refuses a slash or a control character in a name with a message the console translates', async () => {
    const up = await api.upload([{ name: 'slash.pdf', body: pdf('s') }]);
    const file = up.body.resultUpload[0];
    const slash = await api.post('/api/file/edit', { file_id: file.id, name: 'a/b' });
    expect(slash.status).toBe(400);
    expect(slash.body.field).toBe('name');
    expect(slash.body.message).toBe(SERVER_MESSAGES.fileNameCharacters);
    const folder = await api.post('/api/folder/create', { name: 'bad\u202ename' });
    expect(folder.status).toBe(400);
    expect(folder.body.message).toBe(SERVER_MESSAGES.nameCharacters);
    expect(messageKey(SERVER_MESSAGES.nameCharacters)?.key).toBe('messages.server.nameCharacters');
  });

  // Upload strips what cleanFileName keeps out of a name; a rename kept it, so a file could be
  // renamed to what no upload could be called.
  it.each(['a<b>', 'say "hi"', 'why?', 'a|b', 'c:d', 'star*', 'back\\slash', '.hidden'])(
    'refuses to rename a file to %j, as upload would not keep it',
    async (name) => {
      const up = await api.upload([{ name: 'rule.pdf', body: pdf(`rule ${name}`) }]);
      const file = up.body.resultUpload[0];
      const refused = await api.post('/api/file/edit', { file_id: file.id, name });
      expect(refused.status).toBe(400);
      expect(refused.body.field).toBe('name');
      expect(refused.body.message).toBe(SERVER_MESSAGES.fileNameCharacters);
      expect(messageKey(SERVER_MESSAGES.fileNameCharacters)?.key).toBe('messages.server.fileNameCharacters');
      const list = await api.get(`/api/file/list?search=rule.pdf`);
      expect(list.body.files.some((f: { id: string }) => f.id === file.id)).toBe(true);
    },
  );

  it('renames to a name upload keeps as it is (Thai, spaces, dots, brackets)', async () => {
    const up = await api.upload([{ name: 'keep.pdf', body: pdf('keep') }]);
    const file = up.body.resultUpload[0];
    const { status, body } = await api.post('/api/file/edit', { file_id: file.id, name: 'ราคา (v1.2) & co' });
    expect(status).toBe(200);
    expect(body.file.name).toBe('ราคา (v1.2) & co.pdf');
  });

  it('moves files between folders; links stay the same', async () => {
    const target = await newFolder('Move target');
    const up = await api.upload([
      { name: 'm1.pdf', body: pdf('1') },
      { name: 'm2.pdf', body: pdf('2') },
    ]);
    const ids = up.body.resultUpload.map((f: { id: string }) => f.id);
    const moved = await api.post('/api/file/move', { fileIds: ids, folderId: target });
    expect(moved).toEqual({ status: 200, body: { moved: 2, folderId: target } });
    expect((await api.get('/api/file/list', { folderId: target })).body.total_count).toBe(2);
    expect((await fetch(up.body.resultUpload[0].url)).status).toBe(200);
    expect((await api.post('/api/file/move', { fileIds: [], folderId: target })).status).toBe(400);
    expect((await api.post('/api/file/move', { fileIds: ids, folderId: 'nosuchfolder1234' })).status).toBe(
      404,
    );
  });
});

describe('DELETE /api/file/delete', () => {
  it('deletes chosen files, then all of a folder with deleteAll; use follows the disk', async () => {
    const folderId = await newFolder('Deleting');
    const up = await api.upload(
      [
        { name: 'd1.png', body: await png(11, 11) },
        { name: 'd2.png', body: await png(12, 12) },
        { name: 'd3.pdf', body: pdf() },
      ],
      folderId,
    );
    const [first, ...rest] = up.body.resultUpload;
    const before = await expectUseMatchesDisk();
    const one = await api.del('/api/file/delete', { fileIds: [first.id] });
    expect(one.status).toBe(200);
    expect(one.body.deleted).toBe(1);
    expect(one.body.diskInfo.use).toBe(before - first.size);
    expect((await fetch(first.url)).status).toBe(404);
    expect((await fetch(first.thumbnailUrl)).status).toBe(404);
    await expectUseMatchesDisk();
    const all = await api.del('/api/file/delete', { deleteAll: true, folderId, fileIds: [] });
    expect(all.body.deleted).toBe(2);
    expect(all.body.diskInfo.use).toBe(before - first.size - rest[0].size - rest[1].size);
    await expectUseMatchesDisk();
    // Deleting again changes nothing.
    expect((await api.del('/api/file/delete', { fileIds: [first.id] })).body.deleted).toBe(0);
    expect((await api.del('/api/file/delete', {})).status).toBe(400);
    expect((await api.del('/api/file/delete', { deleteAll: true })).body.field).toBe('folderId');
  });
});

describe('serving /media/{id}/{name}', () => {
  it('answers ranges for video seeking, 304 for a known ETag, 404 for unknown ids', async () => {
    const up = await api.upload([{ name: 'clip.mp4', body: mp4OfSize(5000), type: 'video/mp4' }]);
    const file = up.body.resultUpload[0];
    const part = await fetch(file.url, { headers: { range: 'bytes=4-11' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 4-11/5000');
    expect(Buffer.from(await part.arrayBuffer()).toString('latin1')).toBe('ftypisom');
    expect(part.headers.get('content-disposition')).toMatch(/^inline;/);
    expect((await fetch(file.url, { headers: { range: 'bytes=9000-' } })).status).toBe(416);
    const etag = (await fetch(file.url)).headers.get('etag') ?? '';
    expect((await fetch(file.url, { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect((await fetch(`${server.url}/media/aaaaaaaaaaaaaaaaaaaa/x.png`)).status).toBe(404);
    expect((await fetch(`${server.url}/media/..%2F..%2Fetc/passwd`)).status).toBe(404);
  });
});

describe('file addresses are capability URLs (docs/api.md "Media library")', () => {
  it('ids are long random values; the address works without a session, is not indexed, and one changed character finds nothing', async () => {
    const up = await api.upload(
      Array.from({ length: 5 }, (_, i) => ({ name: `cap${i}.pdf`, body: pdf(String(i)) })),
    );
    const ids: string[] = up.body.resultUpload.map((f: { id: string }) => f.id);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]{20}$/);
    expect(new Set(ids).size).toBe(ids.length);
    // Not sequential nor sharing a prefix: made one by one, they have nothing in common.
    expect(new Set(ids.map((id) => id.slice(0, 4))).size).toBe(ids.length);
    const file = up.body.resultUpload[0];
    const open = await fetch(file.url);
    expect(open.status).toBe(200);
    expect(open.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(open.headers.get('x-content-type-options')).toBe('nosniff');
    const id: string = file.id;
    const other = `${id.slice(0, -1)}${id.endsWith('a') ? 'b' : 'a'}`;
    expect((await fetch(file.url.replace(id, other))).status).toBe(404);
    // The name part is for people; the id alone finds the file.
    expect((await fetch(file.url.replace(/[^/]+$/, 'anything.pdf'))).status).toBe(200);
  });
});

describe('accounts are kept apart', () => {
  it('refuses without a token or for an account the user is not in', async () => {
    expect((await fetch(`${server.url}/api/file/list`)).status).toBe(401);
    const res = await fetch(`${server.url}/api/file/list`, {
      headers: { authorization: session.headers.authorization, channel_id: 'someoneelse' },
    });
    expect(res.status).toBe(403);
  });
});

describe('video poster frames', () => {
  it('keeps a poster the browser drew as the video thumbnail (thumbnailVideoImageUrl)', async () => {
    const form = new FormData();
    form.append(
      'files',
      new Blob([new Uint8Array(mp4OfSize(4000))], { type: 'video/mp4' }),
      'with-poster.mp4',
    );
    form.append(
      'poster',
      new Blob([new Uint8Array(await jpeg(640, 360))], { type: 'image/jpeg' }),
      'poster.jpg',
    );
    const res = await fetch(`${server.url}/api/file/upload`, {
      method: 'POST',
      headers: { authorization: session.headers.authorization, channel_id: session.accountId },
      body: form,
    });
    expect(res.status).toBe(200);
    const [file] = (await res.json()).resultUpload;
    expect(file.size).toBe(4000);
    expect(file.thumbnailVideoImageUrl).toBe(`${server.url}/media/thumbs/${file.id}.webp`);
    expect(file.thumbnailUrl).toBeNull();
    const thumb = await fetch(file.thumbnailVideoImageUrl);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    await expectUseMatchesDisk();
  });

  it('keeps the video without a thumbnail when the poster is not a picture', async () => {
    const { status, body } = await api.upload([{ name: 'no-poster.mp4', body: mp4OfSize(3000) }]);
    expect(status).toBe(200);
    expect(body.resultUpload[0].thumbnailVideoImageUrl).toBeNull();
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(mp4OfSize(3000))]), 'bad-poster.mp4');
    form.append('poster', new Blob([new Uint8Array(exe())]), 'poster.jpg');
    const res = await fetch(`${server.url}/api/file/upload`, {
      method: 'POST',
      headers: { authorization: session.headers.authorization, channel_id: session.accountId },
      body: form,
    });
    expect(res.status).toBe(200);
    expect((await res.json()).resultUpload[0].thumbnailVideoImageUrl).toBeNull();
    expect(fs.readdirSync(path.join(server.dataDir, 'media', '.incoming'))).toEqual([]);
  });
});
