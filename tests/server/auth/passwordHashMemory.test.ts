// Password hashes (scrypt, N=16384, r=8: 16 MB each) are made on one thread of their own: on
// libuv's pool each of its 4 threads kept the 16 MB of its last hash resident for good (glibc keeps
// a freed block that size in the thread's arena), 64 MB on an idle server after a few sign-ins
// (issue 13). Measured in a fresh process, as the server's sign-ins make them: several at once.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const module = pathToFileURL(path.join(root, 'server/auth/passwordHash.ts')).href;

const script = `
import { hashPassword, verifyPassword, DUMMY_HASH_PROMISE } from ${JSON.stringify(module)};
await DUMMY_HASH_PROMISE;
const before = process.memoryUsage().rss;
const stored = await hashPassword('Correct-horse-1');
const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => verifyPassword(i % 2 ? 'Correct-horse-1' : 'wrong', stored)));
console.log(JSON.stringify({ grewMb: (process.memoryUsage().rss - before) / 1048576, answers }));
`;

describe('password hashing', () => {
  it('keeps the memory of one hash, not one per thread, after several sign-ins at once', () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, UV_THREADPOOL_SIZE: '4' },
    });
    const { grewMb, answers } = JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as {
      grewMb: number;
      answers: boolean[];
    };
    expect(answers).toEqual([false, true, false, true, false, true, false, true]);
    expect(grewMb).toBeLessThan(32);
  });
});
