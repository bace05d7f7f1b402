// Debian's Chromium, headless, with the flags this machine needs (no downloads, no sandbox).
import fs from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';

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

/**
 * Waits until the page has run the timers it set for up to `ms` from now. Chromium handles input
 * before timers that are already due, so a key or click a test sends at once can overtake work a
 * page put off to its next turn, which a person's slower hand never does. dnd-kit is one: its
 * keyboard sensor listens for the next key only from a `setTimeout(0)` after the pick-up, and its
 * pointer sensor swallows clicks for 50 ms after a drop.
 */
export async function afterPageTimers(page: Page, ms = 0): Promise<void> {
  await page.evaluate((wait) => new Promise((resolve) => setTimeout(resolve, wait)), ms);
}

/**
 * For a read inside expect.poll: how long it waits for its element. Playwright's default is 30 s,
 * and a poll cannot cut a read short: polling for a notice that never came waited 30 s past the
 * poll's own 10 s, twice, and the test timed out instead of saying what it expected. A read that
 * finds nothing soon fails soon, and the poll tries again until its own time is up.
 */
export const BRIEFLY = { timeout: 2_000 } as const;
