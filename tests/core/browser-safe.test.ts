// core/ runs in browsers and in Node (design.md): bundling every module for the browser must pull
// in no Node built-in, directly or through a dependency.
import { readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '../..');
const coreDir = join(root, 'core');
const entryPoints = (readdirSync(coreDir, { recursive: true }) as string[])
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
  .map((f) => join(coreDir, f));
const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

/** Records every import of a Node built-in and keeps it out of the bundle. */
function noNodeBuiltins(offenders: string[]): Plugin {
  return {
    name: 'no-node-builtins',
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => {
        if (!builtins.has(args.path) && !args.path.startsWith('node:')) return undefined;
        offenders.push(`${relative(root, args.importer) || '<stdin>'} imports ${args.path}`);
        return { path: args.path, external: true };
      });
    },
  };
}

describe('core/ is browser-safe', () => {
  it('has modules to check', () => expect(entryPoints.length).toBeGreaterThan(40));

  it('bundles for platform browser without any Node built-in', async () => {
    const offenders: string[] = [];
    const result = await build({
      entryPoints,
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      outdir: join(root, '.browser-safe-check'),
      logLevel: 'silent',
      plugins: [noNodeBuiltins(offenders)],
    });
    expect(result.errors).toEqual([]);
    expect(offenders).toEqual([]);
  }, 60_000);

  it('catches a Node built-in when one is imported (the check itself works)', async () => {
    const offenders: string[] = [];
    await build({
      stdin: {
        contents: "import { readFileSync } from 'node:fs'; export const x = readFileSync;",
        resolveDir: coreDir,
      },
      bundle: true,
      platform: 'browser',
      write: false,
      logLevel: 'silent',
      plugins: [noNodeBuiltins(offenders)],
    });
    expect(offenders).toEqual(['<stdin> imports node:fs']);
  });
});
