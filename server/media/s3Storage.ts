// The media store on an S3-compatible bucket (AWS S3, MinIO, R2, …), path-style addressing,
// signed with AWS Signature V4 by aws4fetch. Bodies stream both ways; nothing is buffered whole.
import fs from 'node:fs';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import type { S3Config } from '../config';
import { assertKey, type MediaStorage } from './storage';

export function createS3Storage(config: S3Config): MediaStorage {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    service: 's3',
    region: config.region,
    retries: 2,
  });
  const urlOf = (key: string) =>
    `${config.endpoint}/${encodeURIComponent(config.bucket)}/${assertKey(key).split('/').map(encodeURIComponent).join('/')}`;

  async function fail(action: string, key: string, res: Response): Promise<never> {
    const text = await res.text().catch(() => '');
    throw new Error(`S3 ${action} ${key} failed with ${res.status}: ${text.slice(0, 300)}`);
  }

  const storage: MediaStorage = {
    kind: 's3',
    async put(key, body, meta) {
      const payload = Buffer.isBuffer(body) ? body : (Readable.toWeb(body) as unknown as ReadableStream);
      const res = await client.fetch(urlOf(key), {
        method: 'PUT',
        body: payload,
        // A stream is sent unsigned (its hash is unknown before it is read); TLS protects it.
        headers: {
          'content-type': meta.contentType,
          'content-length': String(meta.size),
          'x-amz-content-sha256': 'UNSIGNED-PAYLOAD',
        },
        duplex: 'half',
      } as RequestInit);
      if (!res.ok) await fail('PUT', key, res);
      await res.arrayBuffer();
    },
    putFile(key, file, meta) {
      return storage
        .put(key, fs.createReadStream(file), meta)
        .then(() => fs.promises.rm(file, { force: true }));
    },
    async get(key, range) {
      const res = await client.fetch(urlOf(key), {
        headers: range ? { range: `bytes=${range.start}-${range.end}` } : {},
      });
      if (res.status === 404) {
        await res.arrayBuffer();
        return null;
      }
      if (!res.ok || !res.body) return fail('GET', key, res);
      const total = /\/(\d+)$/.exec(res.headers.get('content-range') ?? '')?.[1];
      const size = Number(total ?? res.headers.get('content-length') ?? 0);
      return { stream: Readable.fromWeb(res.body as unknown as WebReadableStream), size };
    },
    async stat(key) {
      const res = await client.fetch(urlOf(key), { method: 'HEAD' });
      if (res.status === 404) return null;
      if (!res.ok) return fail('HEAD', key, res);
      return { size: Number(res.headers.get('content-length') ?? 0) };
    },
    async delete(key) {
      const res = await client.fetch(urlOf(key), { method: 'DELETE' });
      if (!res.ok && res.status !== 404) await fail('DELETE', key, res);
      await res.arrayBuffer().catch(() => undefined);
    },
  };
  return storage;
}
