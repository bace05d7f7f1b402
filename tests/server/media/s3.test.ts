// The media store on an S3-compatible bucket (S3_* settings), against s3rver on loopback: the same
// API, bytes in the bucket rather than DATA_DIR, served back (with ranges) and removed on delete.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startServer, type TestServer } from '../../helpers/server';
import { type MediaClient, mediaClient, mp4OfSize, pdf, png } from './fixtures';

let s3: S3rver;
let s3Dir: string;
let server: TestServer;
let api: MediaClient;
let accountId: string;

beforeAll(async () => {
  s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-s3-'));
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: 'media' }],
  });
  const { port } = await s3.run();
  server = await startServer({
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: 'media',
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
  });
  const session = await login(server.url);
  accountId = session.accountId;
  api = mediaClient(server.url, session);
});
afterAll(async () => {
  await server?.close();
  // Idle keep-alive connections would hold s3rver's close for seconds.
  (s3 as unknown as { httpServer?: { closeAllConnections(): void } }).httpServer?.closeAllConnections();
  await s3?.close();
  fs.rmSync(s3Dir, { recursive: true, force: true });
});

describe('media on an S3-compatible store', () => {
  it('uploads into the bucket, serves from it and deletes from it', async () => {
    const image = await png(25, 25);
    const video = mp4OfSize(2_000_000);
    const up = await api.upload([
      { name: 'cloud.png', body: image },
      { name: 'clip.mp4', body: video, type: 'video/mp4' },
      { name: 'doc.pdf', body: pdf() },
    ]);
    expect(up.status).toBe(200);
    const [img, vid, doc] = up.body.resultUpload;
    // Nothing lands in DATA_DIR/media/files when the store is S3.
    expect(fs.existsSync(path.join(server.dataDir, 'media', 'files'))).toBe(false);
    const served = await fetch(img.url);
    expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);
    expect((await fetch(img.thumbnailUrl)).headers.get('content-type')).toBe('image/webp');
    const part = await fetch(vid.url, { headers: { range: 'bytes=1999990-' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 1999990-1999999/2000000');
    expect((await part.arrayBuffer()).byteLength).toBe(10);
    const download = await fetch(doc.url);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect((await download.arrayBuffer()).byteLength).toBe(doc.size);
    expect((await api.get('/api/folder/disk/space')).body.use).toBe(image.length + video.length + doc.size);

    await api.del('/api/file/delete', { fileIds: [img.id, vid.id, doc.id] });
    expect((await fetch(img.url)).status).toBe(404);
    expect((await api.get('/api/folder/disk/space')).body.use).toBe(0);
    const store = server.app.ctx;
    const { mediaStorage } = await import('../../../server/media/storageOf');
    expect(mediaStorage(store).kind).toBe('s3');
    expect(await mediaStorage(store).stat(`files/${accountId}/${img.id}`)).toBeNull();
  });

  it("keeps an image map picture's resized copy in the bucket and removes it with the file", async () => {
    const up = await api.upload([{ name: 'map.png', body: await png(260, 130) }]);
    const [img] = up.body.resultUpload;
    const res = await fetch(`${server.url}/imagemap/${img.id}/240`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const served = Buffer.from(await res.arrayBuffer());
    const { mediaStorage } = await import('../../../server/media/storageOf');
    const storage = mediaStorage(server.app.ctx);
    const key = `imagemap/${accountId}/${img.id}/240`;
    expect(await storage.stat(key)).toEqual({ size: served.length });
    await api.del('/api/file/delete', { fileIds: [img.id] });
    expect(await storage.stat(key)).toBeNull();
  });
});
