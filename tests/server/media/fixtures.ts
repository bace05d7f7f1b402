// Files for the media tests, made on the fly: real images from sharp, hand-made headers for the
// rest, and helpers that call the media API as the console does.
import { PassThrough } from 'node:stream';
import { ZipArchive } from 'archiver';
import sharp from 'sharp';
import type { login } from '../../helpers/server';

export async function png(width = 40, height = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .toBuffer();
}

export async function jpeg(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 10, g: 90, b: 200 } } })
    .jpeg()
    .toBuffer();
}

/** A PNG padded with a trailing chunk-free tail to exactly `size` bytes (still a readable PNG). */
export async function pngOfSize(size: number): Promise<Buffer> {
  const image = await png(8, 8);
  if (size < image.length) throw new Error('too small');
  return Buffer.concat([image, Buffer.alloc(size - image.length)]);
}

/** An MP4 header (ftyp isom) followed by zeros up to `size` bytes. */
export function mp4OfSize(size: number): Buffer {
  const buf = Buffer.alloc(size);
  Buffer.from([0, 0, 0, 0x20]).copy(buf, 0);
  buf.write('ftypisom', 4, 'latin1');
  buf.write('isomiso2avc1mp41', 16, 'latin1');
  return buf;
}

export function pdf(text = 'hello'): Buffer {
  return Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\n%%EOF\n`);
}

/** A Windows executable header. */
export function exe(): Buffer {
  const buf = Buffer.alloc(512);
  buf.write('MZ', 0, 'latin1');
  buf.writeUInt32LE(128, 0x3c);
  buf.write('PE\0\0', 128, 'latin1');
  return buf;
}

/** A PNG signature and an IHDR chunk whose width and height are 0: a PNG with no readable size. */
export function pngWithoutSize(): Buffer {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, Buffer.from([0, 0, 0, 13]), Buffer.from('IHDR'), Buffer.alloc(17)]);
}

export const SVG_WITH_SCRIPT = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="100" height="50"><script>alert(document.cookie)</script><rect width="100" height="50" fill="red"/></svg>',
);

export async function docx(): Promise<Buffer> {
  const zip = new ZipArchive();
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => out.on('end', resolve));
  zip.pipe(out);
  zip.append(
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    { name: '[Content_Types].xml' },
  );
  zip.append('<w:document/>', { name: 'word/document.xml' });
  await zip.finalize();
  await done;
  return Buffer.concat(chunks);
}

export interface UploadFile {
  name: string;
  body: Buffer;
  type?: string;
}

export type Session = Awaited<ReturnType<typeof login>>;

export function mediaClient(url: string, session: Session) {
  const headers = session.headers;
  // biome-ignore lint/suspicious/noExplicitAny: each test checks the fields it reads.
  const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as any });
  return {
    get: (path: string, query: Record<string, string | number | boolean> = {}) => {
      const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
      return fetch(`${url}${path}${qs.size ? `?${qs}` : ''}`, { headers }).then(json);
    },
    post: (path: string, body: unknown) =>
      fetch(`${url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) }).then(json),
    del: (path: string, body: unknown) =>
      fetch(`${url}${path}`, { method: 'DELETE', headers, body: JSON.stringify(body) }).then(json),
    upload: (files: UploadFile[], folderId?: string) => {
      const form = new FormData();
      if (folderId) form.append('folderId', folderId);
      for (const f of files)
        form.append('files', new Blob([new Uint8Array(f.body)], { type: f.type ?? '' }), f.name);
      return fetch(`${url}/api/file/upload`, {
        method: 'POST',
        headers: { authorization: headers.authorization, channel_id: headers.channel_id },
        body: form,
      }).then(json);
    },
    defaultFolderId: async () => {
      const res = await fetch(`${url}/api/folder/list`, { headers });
      const folders = (await res.json()) as { folderId: string; is_default: boolean }[];
      return folders.find((f) => f.is_default)?.folderId as string;
    },
  };
}
export type MediaClient = ReturnType<typeof mediaClient>;
