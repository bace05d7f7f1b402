// Passwords are kept only as scrypt hashes: `scrypt$N$r$p$salt$hash` (base64url parts).
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { Worker } from 'node:worker_threads';

const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

// Hashes are made on one thread of their own, one at a time, not on libuv's pool: a hash with N=16384
// and r=8 takes 16 MB, and glibc keeps a freed block that size in the arena of the thread that
// used it, so after a few sign-ins each of the pool's 4 threads held 16 MB for good (64 MB more
// resident, measured; issue 13). On one thread it is 16 MB. A hash takes about 50 ms.
const WORKER_CODE = `
const { parentPort } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
parentPort.on('message', ({ id, password, salt, keylen, options }) => {
  let answer;
  try {
    answer = { id, key: scryptSync(password, salt, keylen, options) };
  } catch (err) {
    answer = { id, error: err instanceof Error ? err.message : String(err) };
  }
  parentPort.postMessage(answer);
});
`;

let worker: Worker | null = null;
let nextCall = 1;
const calls = new Map<number, { resolve(key: Buffer): void; reject(err: Error): void }>();

function hashingThread(): Worker {
  if (worker) return worker;
  const thread = new Worker(WORKER_CODE, {
    eval: true,
    // CommonJS whatever flags the server runs with (--input-type, loaders).
    execArgv: [],
    resourceLimits: { maxYoungGenerationSizeMb: 2, maxOldGenerationSizeMb: 16 },
  });
  thread.on('message', (m: { id: number; key?: Uint8Array; error?: string }) => {
    const call = calls.get(m.id);
    if (!call) return;
    calls.delete(m.id);
    // Idle, the thread does not keep the process alive.
    if (calls.size === 0) thread.unref();
    if (m.key) call.resolve(Buffer.from(m.key));
    else call.reject(new Error(m.error ?? 'scrypt failed'));
  });
  // A thread that failed is replaced by the next call; the calls it had fail.
  const fail = (err: Error) => {
    if (worker === thread) worker = null;
    for (const call of calls.values()) call.reject(err);
    calls.clear();
  };
  thread.on('error', fail);
  thread.on('exit', (code) => fail(new Error(`the hashing thread stopped (${code})`)));
  thread.unref();
  worker = thread;
  return thread;
}

function scrypt(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const thread = hashingThread();
    const id = nextCall++;
    calls.set(id, { resolve, reject });
    thread.ref();
    thread.postMessage({
      id,
      password: password.normalize('NFKC'),
      salt,
      keylen: KEY_LENGTH,
      options: { N: n, r, p, maxmem: 64 * 1024 * 1024 },
    });
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, N, R, P);
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of a random password: sign-ins for unknown e-mails take as long as real ones. */
export const DUMMY_HASH_PROMISE = hashPassword(randomBytes(12).toString('base64url'));
