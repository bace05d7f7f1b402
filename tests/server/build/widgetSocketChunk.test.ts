// The widget's socket chunk as built (issue 5: the whole widget after the first message ≤ 100 KB
// gzip; bench/widget.ts prints it): the widget makes its socket with socket.io-client's Manager, so
// io()'s shared-manager cache and address parser are left out, and so is engine.io-parser's base64
// decoder, which only binary packets over polling need (build.ts, managerOnlySocket).
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIST_DIR } from '../../helpers/server';

let chunk = '';
beforeAll(() => {
  const dir = path.join(DIST_DIR, 'widget/widget-chunks');
  const names = fs.readdirSync(dir).filter((name) => /^socket-[\w]+\.js$/.test(name));
  expect(names).toHaveLength(1);
  chunk = fs.readFileSync(path.join(dir, names[0]), 'utf8');
});

describe("the widget's socket chunk", () => {
  it('holds the socket for the widget namespace', () => {
    expect(chunk).toContain('"/widget"');
    expect(chunk).toContain('client-widget');
  });

  it("leaves out io()'s manager cache (its 'force new connection' option)", () => {
    expect(chunk).not.toContain('force new connection');
  });

  it("leaves out engine.io-parser's base64 alphabet", () => {
    expect(chunk).not.toContain('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/');
  });
});
