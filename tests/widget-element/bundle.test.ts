// @vitest-environment node
// What the widget's bundle is made of (issue 5, size goals): the launcher and the chat box must
// not carry superstruct (the template editor's validator), ofetch (the console's HTTP client) or
// dayjs; and socket.io-client must not load with the opened box: it comes in a chunk of its own
// once the visitor has a conversation. bench/widget.ts prints the sizes.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let meta: esbuild.Metafile;

beforeAll(async () => {
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: ['widget-element/index.ts', 'widget-element/box/mount.tsx'],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    jsx: 'automatic',
    write: false,
    metafile: true,
    outdir: 'out',
    loader: { '.css': 'text' },
    define: { 'process.env.NODE_ENV': '"production"' },
    alias: { dayjs: path.join(root, 'widget-element/dayjsLite.ts') },
    logLevel: 'silent',
  });
  meta = result.metafile;
});

/** The modules whose code is in an output (an import tree-shaken to nothing is not). */
const inputsOf = (output: string) =>
  Object.entries(meta.outputs[output].inputs)
    .filter(([, i]) => i.bytesInOutput > 0)
    .map(([name]) => name);
const entryOutput = (entry: string) =>
  Object.keys(meta.outputs).find((o) => meta.outputs[o].entryPoint === entry) as string;

/** The outputs a page loads with `entry`: it and what it imports statically, not import(). */
function staticClosure(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (output: string) => {
    if (seen.has(output)) return;
    seen.add(output);
    for (const i of meta.outputs[output].imports) if (i.kind === 'import-statement') visit(i.path);
  };
  visit(entryOutput(entry));
  return [...seen];
}

describe('the widget bundle', () => {
  it.each([
    ['superstruct', /node_modules\/superstruct\//],
    ['ofetch', /node_modules\/ofetch\//],
    ['dayjs', /node_modules\/dayjs\//],
    ["the template editor's action struct", /core\/template\/action\.ts$/],
  ])('carries no %s', (_name, pattern) => {
    const all = Object.keys(meta.outputs).flatMap(inputsOf);
    expect(all.some((i) => i.includes('widget-element/box/ChatBox.tsx'))).toBe(true);
    expect(all.filter((i) => pattern.test(i))).toEqual([]);
  });

  it('loads socket.io-client only in a chunk of its own, not with the opened box', () => {
    const opened = staticClosure('widget-element/box/mount.tsx').flatMap(inputsOf);
    expect(opened.some((i) => i.includes('widget-element/box/controller.ts'))).toBe(true);
    expect(opened.filter((i) => /socket\.io|engine\.io/.test(i))).toEqual([]);
    const withSocket = Object.keys(meta.outputs).filter((o) =>
      inputsOf(o).some((i) => i.includes('node_modules/socket.io-client/')),
    );
    expect(withSocket).toHaveLength(1);
    // …imported with import() by the opened box.
    const dynamic = staticClosure('widget-element/box/mount.tsx').flatMap((o) =>
      meta.outputs[o].imports.filter((i) => i.kind === 'dynamic-import').map((i) => i.path),
    );
    expect(dynamic).toContain(withSocket[0]);
  });

  it('keeps the launcher free of React and the box', () => {
    const launcher = staticClosure('widget-element/index.ts').flatMap(inputsOf);
    expect(launcher.filter((i) => /node_modules|widget-element\/box\//.test(i))).toEqual([]);
  });
});
