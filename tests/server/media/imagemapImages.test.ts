// GET /imagemap/{fileId}/{width} (issue 6, line-openapi ImagemapMessage): a library picture at each
// width LINE fetches, in its own format, resized once and kept in the media store, gone with the
// file; 404 for any other width, an unknown id and a file that is not a JPEG or PNG picture.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGEMAP_WIDTHS } from '../../../core/template/imagemap';
import { imagemapKey } from '../../../server/media/imagemapImages';
import { login, startServer, type TestServer } from '../../helpers/server';
import { jpeg, type MediaClient, mediaClient, pdf, png, type Session, SVG_WITH_SCRIPT } from './fixtures';

let server: TestServer;
let session: Session;
let api: MediaClient;

beforeAll(async () => {
  server = await startServer();
  session = await login(server.url);
  api = mediaClient(server.url, session);
});
afterAll(() => server?.close());

async function upload(name: string, body: Buffer, type?: string) {
  const res = await api.upload([{ name, body, type }]);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.resultUpload[0] as { id: string; url: string };
}

const copyOnDisk = (fileId: string, width: number) =>
  path.join(server.dataDir, 'media', imagemapKey(session.accountId, fileId, width));

describe('GET /imagemap/{fileId}/{width}', () => {
  it('serves a JPEG at every width LINE asks for, as tall as its proportions say', async () => {
    const file = await upload('banner.jpg', await jpeg(1600, 1200));
    for (const width of IMAGEMAP_WIDTHS) {
      const res = await fetch(`${server.url}/imagemap/${file.id}/${width}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta.format).toBe('jpeg');
      // The base height is round(1040 × 1200 / 1600) = 780; each width keeps that proportion.
      expect({ width: meta.width, height: meta.height }).toEqual({
        width,
        height: Math.round((780 * width) / 1040),
      });
    }
  });

  it('keeps a PNG a PNG, and enlarges a narrow picture to 1040', async () => {
    const file = await upload('small.png', await png(520, 260));
    const res = await fetch(`${server.url}/imagemap/${file.id}/1040`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1040, 520]);
  });

  it('resizes once: the copy is kept in the store and served from there, and goes with the file', async () => {
    const file = await upload('kept.jpg', await jpeg(1040, 1040));
    expect(fs.existsSync(copyOnDisk(file.id, 700))).toBe(false);
    const first = await fetch(`${server.url}/imagemap/${file.id}/700`);
    expect(first.status).toBe(200);
    const firstBytes = Buffer.from(await first.arrayBuffer());
    expect(fs.readFileSync(copyOnDisk(file.id, 700)).equals(firstBytes)).toBe(true);
    // A marked copy in the store is what the next request gets: nothing is resized again.
    const marked = await sharp({
      create: { width: 700, height: 700, channels: 3, background: { r: 0, g: 255, b: 0 } },
    })
      .jpeg()
      .toBuffer();
    fs.writeFileSync(copyOnDisk(file.id, 700), marked);
    const second = await fetch(`${server.url}/imagemap/${file.id}/700`);
    expect(Buffer.from(await second.arrayBuffer()).equals(marked)).toBe(true);
    // Concurrent first requests for another width share one resize and all succeed.
    const many = await Promise.all(
      Array.from({ length: 4 }, () => fetch(`${server.url}/imagemap/${file.id}/460`)),
    );
    expect(many.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    await Promise.all(many.map((r) => r.arrayBuffer()));

    const deleted = await api.del('/api/file/delete', { fileIds: [file.id] });
    expect(deleted.status).toBe(200);
    expect(fs.existsSync(copyOnDisk(file.id, 700))).toBe(false);
    expect(fs.existsSync(copyOnDisk(file.id, 460))).toBe(false);
    expect((await fetch(`${server.url}/imagemap/${file.id}/700`)).status).toBe(404);
  });

  it('answers 404 for other widths, unknown ids and files that are not JPEG or PNG pictures', async () => {
    const file = await upload('ok.jpg', await jpeg(300, 200));
    for (const width of ['1000', '1041', '0', '-1', 'abc', '01040', '1040.jpg'])
      expect((await fetch(`${server.url}/imagemap/${file.id}/${width}`)).status, width).toBe(404);
    expect((await fetch(`${server.url}/imagemap/${'z'.repeat(20)}/1040`)).status).toBe(404);
    expect((await fetch(`${server.url}/imagemap/not-an-id/1040`)).status).toBe(404);
    const doc = await upload('terms.pdf', pdf());
    const svg = await upload('logo.svg', SVG_WITH_SCRIPT, 'image/svg+xml');
    for (const other of [doc, svg]) {
      const res = await fetch(`${server.url}/imagemap/${other.id}/1040`);
      expect(res.status).toBe(404);
      expect((await res.json()).message).toBe('This image map picture does not exist.');
    }
    // Nothing was kept for them.
    expect(fs.existsSync(copyOnDisk(doc.id, 1040))).toBe(false);
  });
});
