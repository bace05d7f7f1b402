// Starts the product: `npm start` builds and then runs this file from dist/server/.
import './v8Flags';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from './app';
import { readConfig } from './config';

async function main() {
  const config = readConfig();
  const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const app = await createApp({ config, distDir });
  const port = await app.listen();
  const base = config.publicUrl ?? `http://localhost:${port}`;
  const lines = [
    '',
    `  Console:   ${base}/`,
    `  Login:     ${app.seed.email}`,
    app.seed.generatedPassword
      ? `  Password:  ${app.seed.generatedPassword}   (generated now and shown only this once; set ADMIN_PASSWORD to choose one)`
      : app.seed.created
        ? '  Password:  the ADMIN_PASSWORD you set'
        : '  Password:  as set when this data folder was first started',
    `  Demo site: ${base}/demo/`,
    `  Database:  ${app.ctx.database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);

  const stop = async () => {
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err) => {
  process.stderr.write(`Could not start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
