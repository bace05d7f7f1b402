// Builds everything into dist/: the console (code-split), the widget (a tiny entry at
// /chat-widget.js that loads the rest later), the demo site and the server.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';

const root = path.dirname(new URL(import.meta.url).pathname);
// BUILD_OUT lets several people (or CI jobs) build side by side without clearing each other's dist/.
const dist = process.env.BUILD_OUT ? path.resolve(process.env.BUILD_OUT) : path.join(root, 'dist');
const watch = process.argv.includes('--watch');
const production = !watch;

const shared: esbuild.BuildOptions = {
  bundle: true,
  // BUILD_NO_MINIFY=1 keeps the names, for reading a browser CPU profile of a production build.
  minify: production && !process.env.BUILD_NO_MINIFY,
  sourcemap: production ? false : 'inline',
  legalComments: 'none',
  logLevel: 'warning',
  define: { 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') },
  jsx: 'automatic',
};

/**
 * The console's emoji picker data (console/live/emojiData.ts): emojibase-data's file for one
 * language, cut to [emoji, group, label, keywords] so its chunk stays small.
 */
function emojiData(): esbuild.Plugin {
  type Compact = { unicode: string; group?: number; order?: number; label: string; tags?: string[] };
  return {
    name: 'emoji-data',
    setup(b) {
      b.onResolve({ filter: /^emoji-data\/(en|th)$/ }, (args) => ({
        path: args.path,
        namespace: 'emoji-data',
      }));
      b.onLoad({ filter: /.*/, namespace: 'emoji-data' }, async (args) => {
        const file = path.join(root, 'node_modules/emojibase-data', args.path.split('/')[1], 'compact.json');
        const all = JSON.parse(await fs.promises.readFile(file, 'utf8')) as Compact[];
        const rows = all
          .filter((e) => typeof e.group === 'number' && e.group !== 2)
          .sort((a, c) => (a.order ?? 0) - (c.order ?? 0))
          .map((e) => [e.unicode, e.group, e.label, (e.tags ?? []).join(' ')]);
        return { contents: JSON.stringify(rows), loader: 'json' };
      });
    },
  };
}

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
  plugins: [emojiData()],
};

/** Widget CSS becomes a minified string (the launcher's bytes count before it paints). */
function minifiedCssText(): esbuild.Plugin {
  return {
    name: 'minified-css-text',
    setup(b) {
      b.onLoad({ filter: /\.css$/ }, async (args) => {
        const source = await fs.promises.readFile(args.path, 'utf8');
        if (!production) return { contents: source, loader: 'text' };
        const { code } = await esbuild.transform(source, { loader: 'css', minify: true });
        return { contents: code.trim(), loader: 'text' };
      });
    },
  };
}

/**
 * The chat box reads locales/*.json as its own copy of the module, so the launcher's few strings
 * (section widgetLauncher) do not share a chunk with the box's (section widget) and stay small.
 */
function boxLocales(): esbuild.Plugin {
  const boxDir = `${path.sep}widget-element${path.sep}box${path.sep}`;
  return {
    name: 'box-locales',
    setup(b) {
      b.onResolve({ filter: /locales\/(en|th)\.json$/ }, (args) =>
        args.importer.includes(boxDir)
          ? { path: path.resolve(args.resolveDir, args.path), namespace: 'box-locale' }
          : undefined,
      );
      b.onLoad({ filter: /.*/, namespace: 'box-locale' }, async (args) => ({
        contents: await fs.promises.readFile(args.path, 'utf8'),
        loader: 'json',
      }));
    },
  };
}

/** A module of a package replaced by our own few lines: `specifier` as imported from inside `within`. */
interface ModuleStub {
  specifier: RegExp;
  /** The package whose files import it (any importer when absent). */
  within?: string;
  contents: string;
  /** Where the stub's own imports resolve from. */
  resolveDir?: string;
}

/** A plugin that loads each stub instead of the module it stands for. */
function stubModules(name: string, stubs: ModuleStub[]): esbuild.Plugin {
  return {
    name,
    setup(b) {
      stubs.forEach((stub, index) => {
        b.onResolve({ filter: stub.specifier }, (args) =>
          !stub.within || args.importer.includes(`${path.sep}${stub.within}${path.sep}`)
            ? { path: String(index), namespace: name }
            : undefined,
        );
      });
      b.onLoad({ filter: /.*/, namespace: name }, (args) => {
        const { contents, resolveDir } = stubs[Number(args.path)];
        return { contents, resolveDir, loader: 'js' };
      });
    },
  };
}

const packageDir = (name: string) => path.join(root, 'node_modules', name, 'build/esm');

/**
 * The widget's socket is websocket only (spec 7): engine.io-client is entered through a module that
 * names only the websocket transport, so its polling and WebTransport code stays out of the bundle.
 */
const websocketOnly = () =>
  stubModules('websocket-only', [
    {
      specifier: /^engine\.io-client$/,
      contents: [
        "export { Socket } from './socket.js';",
        "export { installTimerFunctions } from './util.js';",
        "export { parse } from './contrib/parseuri.js';",
        "export { nextTick } from './globals.js';",
        "export { WS as WebSocket } from './transports/websocket.js';",
        'export const Fetch = undefined, NodeXHR = undefined, XHR = undefined, NodeWebSocket = undefined, WebTransport = undefined;',
      ].join('\n'),
      resolveDir: packageDir('engine.io-client'),
    },
    {
      specifier: /^\.\/transports\/index\.js$/,
      within: 'engine.io-client',
      contents:
        "import { WS } from './transports/websocket.js'; export const transports = { websocket: WS };",
      resolveDir: packageDir('engine.io-client'),
    },
  ]);

/**
 * The widget's socket carries JSON only (core/realtime/events.ts): socket.io-parser's code for
 * binary attachments is left out, so a binary packet, which the server never sends it, is refused.
 * So is engine.io-parser's base64 decoder, which only binary packets over polling need.
 */
const jsonOnlySocket = () =>
  stubModules('json-only-socket', [
    {
      specifier: /^\.\/binary\.js$/,
      within: 'socket.io-parser',
      contents:
        'export const deconstructPacket = (packet) => ({ packet, buffers: [] }), reconstructPacket = (packet) => packet;',
    },
    {
      specifier: /^\.\/is-binary\.js$/,
      within: 'socket.io-parser',
      contents: 'export const isBinary = () => false, hasBinary = () => false;',
    },
    {
      specifier: /^\.\/contrib\/base64-arraybuffer\.js$/,
      within: 'engine.io-parser',
      contents: "export const decode = () => { throw new Error('binary packet refused'); };",
    },
  ]);

/**
 * The widget makes its socket with socket.io-client's Manager (core/realtime/widgetSocket.ts):
 * io()'s address parser and shared-manager cache stay out of its bundle, and a widget module that
 * reaches for io() fails the build.
 */
const managerOnlySocket = () =>
  stubModules('manager-only-socket', [
    {
      specifier: /^socket\.io-client$/,
      contents: "export { Manager } from './manager.js'; export { Socket } from './socket.js';",
      resolveDir: packageDir('socket.io-client'),
    },
  ]);

const widgetCommon: esbuild.BuildOptions = {
  ...shared,
  format: 'esm',
  platform: 'browser',
  target: ['es2020'],
  metafile: true,
  // The widget's CSS is inlined into its shadow root, never added to the host page.
  loader: { '.css': 'text' },
  plugins: [minifiedCssText(), boxLocales(), websocketOnly(), jsonOnlySocket(), managerOnlySocket()],
  // core/format's DD/MM/YYYY and HH:mm need only a sliver of dayjs (see widget-element/dayjsLite.ts).
  // dlv (rosetta's) names its UMD build for browsers; its ES build is half the bytes.
  alias: {
    dayjs: path.join(root, 'widget-element/dayjsLite.ts'),
    dlv: path.join(root, 'node_modules/dlv/dist/dlv.es.js'),
  },
};

/** Watch mode: one code-split build (sizes do not matter while developing). */
const widgetOptions: esbuild.BuildOptions = {
  ...widgetCommon,
  entryPoints: { 'chat-widget': path.join(root, 'widget-element/index.ts') },
  outdir: path.join(dist, 'widget'),
  splitting: true,
  entryNames: '[name]',
  chunkNames: 'widget-chunks/[name]-[hash]',
};

/**
 * Release: the chat box first (React, code-split into widget-chunks/), then the launcher as one
 * file with no static import at all, which loads the box by its hashed name. A shared chunk
 * imported by the launcher would cost the visitor one more round trip before the launcher shows.
 */
async function buildWidget() {
  const box = await esbuild.build({
    ...widgetCommon,
    entryPoints: { mount: path.join(root, 'widget-element/box/mount.tsx') },
    outdir: path.join(dist, 'widget/widget-chunks'),
    splitting: true,
    entryNames: '[name]-[hash]',
    chunkNames: '[name]-[hash]',
  });
  // Served pre-compressed (server/web/routes.ts): a phone on a slow link gets a third of the bytes.
  for (const file of Object.keys(box.metafile?.outputs ?? {}))
    if (file.endsWith('.js')) fs.writeFileSync(`${file}.gz`, gzipSync(fs.readFileSync(file), { level: 9 }));
  const mount = Object.entries(box.metafile?.outputs ?? {}).find(([, o]) =>
    o.entryPoint?.endsWith('box/mount.tsx'),
  );
  if (!mount) throw new Error('chat box entry missing from build output');
  return esbuild.build({
    ...widgetCommon,
    entryPoints: { 'chat-widget': path.join(root, 'widget-element/index.ts') },
    outdir: path.join(dist, 'widget'),
    splitting: false,
    entryNames: '[name]',
    define: { ...shared.define, __CHAT_BOX__: JSON.stringify(`./widget-chunks/${path.basename(mount[0])}`) },
    plugins: [
      minifiedCssText(),
      {
        name: 'box-is-separate',
        setup: (b) =>
          b.onResolve({ filter: /^\.\/box\/mount$/ }, (args) => ({ path: args.path, external: true })),
      },
    ],
  });
}

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
  // Its 1 KB stylesheet goes inline, as a small static site would ship it: a separate request would
  // hold the page's first paint (and so the launcher's) for a round trip on a slow phone.
  // index.th.html is the same site in Thai (/th/demo/).
  const css = fs.readFileSync(path.join(from, 'site.css'), 'utf8').trim();
  for (const name of ['index.html', 'index.th.html']) {
    const page = path.join(to, name);
    fs.writeFileSync(
      page,
      fs
        .readFileSync(page, 'utf8')
        .replace('<link rel="stylesheet" href="site.css">', `<style>\n${css}\n</style>`),
    );
  }
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
    buildWidget(),
    esbuild.build(serverOptions),
  ]);
  writeConsoleHtml(consoleResult);
  copyDemo();
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
