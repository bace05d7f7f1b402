// Builds everything into dist/: the console (code-split), the widget (a tiny entry at
// /chat-widget.js that loads the rest later), the demo site and the server.
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';

const root = path.dirname(new URL(import.meta.url).pathname);
// BUILD_OUT lets several people (or CI jobs) build side by side without clearing each other's dist/.
const dist = process.env.BUILD_OUT ? path.resolve(process.env.BUILD_OUT) : path.join(root, 'dist');
const watch = process.argv.includes('--watch');
const production = !watch;

const shared: esbuild.BuildOptions = {
  bundle: true,
  minify: production,
  sourcemap: production ? false : 'inline',
  legalComments: 'none',
  logLevel: 'warning',
  define: { 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') },
  jsx: 'automatic',
};

const consoleOptions: esbuild.BuildOptions = {
  ...shared,
  entryPoints: { console: path.join(root, 'console/main.tsx') },
  outdir: path.join(dist, 'console/assets'),
  format: 'esm',
  splitting: true,
  platform: 'browser',
  target: ['es2022'],
  entryNames: '[name]-[hash]',
  chunkNames: 'chunk-[hash]',
  assetNames: '[name]-[hash]',
  publicPath: '/assets',
  metafile: true,
  loader: { '.svg': 'file', '.png': 'file', '.woff2': 'file' },
};

const widgetOptions: esbuild.BuildOptions = {
  ...shared,
  entryPoints: { 'chat-widget': path.join(root, 'widget-element/index.ts') },
  outdir: path.join(dist, 'widget'),
  format: 'esm',
  splitting: true,
  platform: 'browser',
  target: ['es2020'],
  entryNames: '[name]',
  chunkNames: 'widget-chunks/[name]-[hash]',
  metafile: true,
  // The widget's CSS is inlined into its shadow root, never added to the host page.
  loader: { '.css': 'text' },
};

const serverOptions: esbuild.BuildOptions = {
  ...shared,
  minify: false,
  entryPoints: { main: path.join(root, 'server/main.ts') },
  outdir: path.join(dist, 'server'),
  format: 'esm',
  platform: 'node',
  target: ['node20'],
  packages: 'external',
  sourcemap: 'linked',
  define: {},
};

function writeConsoleHtml(result: esbuild.BuildResult) {
  const outputs = Object.entries(result.metafile?.outputs ?? {});
  const entry = outputs.find(([, o]) => o.entryPoint?.endsWith('console/main.tsx'));
  if (!entry) throw new Error('console entry missing from build output');
  const [jsPath, meta] = entry;
  const cssPath = meta.cssBundle;
  const template = fs.readFileSync(path.join(root, 'console/index.html'), 'utf8');
  const toUrl = (p: string) => `/assets/${path.basename(p)}`;
  const html = template
    .replace('%CONSOLE_CSS%', cssPath ? `<link rel="stylesheet" href="${toUrl(cssPath)}">` : '')
    .replace('%CONSOLE_JS%', `<script type="module" src="${toUrl(jsPath)}"></script>`);
  fs.writeFileSync(path.join(dist, 'console/index.html'), html);
}

function copyDemo() {
  const from = path.join(root, 'demo-site');
  const to = path.join(dist, 'demo');
  fs.rmSync(to, { recursive: true, force: true });
  fs.cpSync(from, to, { recursive: true });
}

async function main() {
  fs.rmSync(dist, { recursive: true, force: true });
  fs.mkdirSync(path.join(dist, 'console/assets'), { recursive: true });
  if (watch) {
    const consoleCtx = await esbuild.context({
      ...consoleOptions,
      plugins: [
        {
          name: 'html',
          setup: (b) =>
            b.onEnd((r) => {
              if (r.errors.length === 0) writeConsoleHtml(r);
            }),
        },
      ],
    });
    const widgetCtx = await esbuild.context(widgetOptions);
    const serverCtx = await esbuild.context(serverOptions);
    copyDemo();
    await Promise.all([consoleCtx.watch(), widgetCtx.watch(), serverCtx.watch()]);
    process.stdout.write('Watching for changes…\n');
    return;
  }
  const [consoleResult] = await Promise.all([
    esbuild.build(consoleOptions),
    esbuild.build(widgetOptions),
    esbuild.build(serverOptions),
  ]);
  writeConsoleHtml(consoleResult);
  copyDemo();
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
