// What the idle server holds (issue 13: 10,000 widget sockets under 300 MB). Heavy packages load on
// first use, not at start (server/lazyModule.ts): each one only some requests need is imported by an
// `import()` in the bundle, never by a static import that Node would load with the server; their
// first use is covered by each feature's tests (LINE, WeChat, contacts' CSV, exports, media). And
// the bundle is plain ASCII: V8 keeps a script's source in the heap, and one character outside
// Latin-1 (esbuild leaves them in regular expressions) makes all of it two-byte text, twice the size.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIST_DIR } from '../../helpers/server';

const LAZY = [
  '@line/bot-sdk',
  'fast-xml-parser',
  'csv-parse',
  'csv-stringify',
  'exceljs',
  'archiver',
  'sharp',
  'file-type',
];

let bundle = '';
beforeAll(() => {
  bundle = fs.readFileSync(path.join(DIST_DIR, 'server/main.js'), 'utf8');
});

describe('the server bundle', () => {
  it.each(LAZY)('loads %s only on first use', (name) => {
    const quoted = JSON.stringify(name);
    const statics = bundle.match(/^(?:import|export)\b[^;]*?(?:from )?"[^"]+";/gm) ?? [];
    expect(statics.filter((s) => s.endsWith(`${quoted};`))).toEqual([]);
    expect(bundle).toContain(`import(${quoted})`);
  });

  it('is ASCII, so V8 holds its source as one-byte text', () => {
    const lines = bundle.split('\n').filter((line) => [...line].some((c) => c.charCodeAt(0) > 0x7f));
    expect(lines).toEqual([]);
  });
});
