// `npm run bench`: runs every benchmark module in bench/ and prints one table of figures
// against their goals. Each module exports `run(): Promise<BenchRow[]>` and seeds and cleans
// up its own data. `npm run bench -- chat widget` runs only the named ones.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BenchRow } from './row';

const here = path.dirname(fileURLToPath(import.meta.url));
const SKIP = new Set(['run.ts', 'row.ts']);

function pad(text: string, width: number) {
  return text.length >= width ? text : text + ' '.repeat(width - text.length);
}

export function formatTable(rows: BenchRow[]): string {
  const header = ['figure', 'value', 'goal', 'met', 'database', 'processes'];
  const cells = rows.map((r) => [
    r.figure,
    typeof r.value === 'number' ? `${Number(r.value.toFixed(2))} ${r.unit ?? ''}`.trim() : String(r.value),
    r.goal,
    r.met === null ? '—' : r.met ? 'yes' : 'NO',
    r.database ?? '—',
    r.processes === undefined ? '—' : String(r.processes),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) => c.map((v, i) => pad(v, widths[i])).join(' | ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...cells.map(line)].join('\n');
}

async function main() {
  const only = process.argv.slice(2);
  const modules = fs
    .readdirSync(here)
    .filter((f) => f.endsWith('.ts') && !SKIP.has(f))
    .filter((f) => only.length === 0 || only.includes(f.replace(/\.ts$/, '')))
    .sort();
  const rows: BenchRow[] = [];
  for (const file of modules) {
    process.stdout.write(`\n▶ ${file}\n`);
    const started = Date.now();
    try {
      const mod = (await import(pathToFileURL(path.join(here, file)).href)) as {
        run?: () => Promise<BenchRow[]>;
      };
      if (!mod.run) continue;
      const result = await mod.run();
      rows.push(...result);
      process.stdout.write(`  ${result.length} figures in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    } catch (err) {
      rows.push({
        figure: `${file}: failed — ${(err as Error).message}`,
        value: 'error',
        goal: '—',
        met: false,
      });
    }
  }
  process.stdout.write(`\n${formatTable(rows)}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    () => process.exit(0),
    (err) => {
      process.stderr.write(`${(err as Error).stack}\n`);
      process.exit(1);
    },
  );
}
