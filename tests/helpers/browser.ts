// Debian's Chromium, headless, with the flags this machine needs (no downloads, no sandbox).
import fs from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** `extraArgs`: flags a test needs beyond these (a fake microphone, say). */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`${CHROMIUM_PATH} is missing: run "sh scripts/ensure-chromium.sh" (npm test does).`);
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-quic',
      ...extraArgs,
    ],
  });
}
