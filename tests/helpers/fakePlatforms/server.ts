// A tiny HTTP server on loopback for the fake platforms: routes by method and path pattern, reads
// the body, records every request with what the fake found wrong with it. A test can make the
// platform refuse the next calls (nothing is done: not sent, not stored) or lose the answer of
// calls it did take (done, but the caller hears an error), the two ways a retry can follow.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  raw: Buffer;
  /** The body parsed as JSON, when it is JSON. */
  body: unknown;
  /** What the fake found wrong with the request ([] when it is valid). */
  problems: string[];
  /** Refused by a `failNext` answer: the platform did nothing with it. */
  refused: boolean;
}

export interface Answer {
  status?: number;
  json?: unknown;
  body?: Buffer | string;
  headers?: Record<string, string>;
}

export type Handler = (request: Recorded, params: Record<string, string>) => Answer | Promise<Answer>;

export interface FakeServer {
  url: string;
  requests: Recorded[];
  /** Requests to paths matching `pattern`. */
  received(pattern: RegExp): Recorded[];
  /**
   * The next `times` requests matching `pattern` are refused with `answer`: the fake's handler
   * does not run, so nothing is sent or stored, and the request is recorded with `refused: true`.
   */
  failNext(pattern: RegExp, answer: Answer, times?: number): void;
  /**
   * The next `times` requests matching `pattern` are handled as usual (sent, stored), then
   * `answer` comes back instead of the fake's own: the platform took the call, its answer was lost.
   */
  loseAnswerNext(pattern: RegExp, answer: Answer, times?: number): void;
  /** Requests to paths matching `pattern` that a `failNext` answer refused. */
  refused(pattern: RegExp): Recorded[];
  close(): Promise<void>;
}

interface Route {
  method: string;
  pattern: RegExp;
  keys: string[];
  handler: Handler;
}

export function route(method: string, path: string, handler: Handler): Route {
  const keys: string[] = [];
  const pattern = new RegExp(
    `^${path.replace(/:(\w+)/g, (_, key) => {
      keys.push(key);
      return '([^/]+)';
    })}$`,
  );
  return { method, pattern, keys, handler };
}

export async function startFakeServer(routes: Route[]): Promise<FakeServer> {
  const requests: Recorded[] = [];
  const failures: { pattern: RegExp; answer: Answer; times: number; handled: boolean }[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', 'http://fake');
    let body: unknown = null;
    if ((req.headers['content-type'] ?? '').includes('json')) {
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        body = null;
      }
    }
    const recorded: Recorded = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      raw,
      body,
      problems: [],
      refused: false,
    };
    requests.push(recorded);
    let answer: Answer = { status: 404, json: { message: 'Not found' } };
    const failure = failures.find((f) => f.times > 0 && f.pattern.test(url.pathname));
    if (failure) failure.times -= 1;
    const match = routes
      .filter((r) => r.method === recorded.method)
      .map((r) => ({ r, m: r.pattern.exec(url.pathname) }))
      .find((x) => x.m);
    try {
      if (failure && !failure.handled) {
        recorded.refused = true;
        answer = failure.answer;
      } else {
        if (match) {
          const params = Object.fromEntries(
            match.r.keys.map((k, i) => [k, decodeURIComponent(match.m?.[i + 1] ?? '')]),
          );
          answer = await match.r.handler(recorded, params);
        }
        if (failure) answer = failure.answer;
      }
    } catch (err) {
      answer = { status: 500, json: { message: String(err) } };
    }
    const payload = answer.json !== undefined ? JSON.stringify(answer.json) : (answer.body ?? '');
    res.writeHead(answer.status ?? 200, {
      ...(answer.json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...answer.headers,
    });
    res.end(payload);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    received: (pattern) => requests.filter((r) => pattern.test(r.path)),
    failNext(pattern, answer, times = 1) {
      failures.push({ pattern, answer, times, handled: false });
    },
    loseAnswerNext(pattern, answer, times = 1) {
      failures.push({ pattern, answer, times, handled: true });
    },
    refused: (pattern) => requests.filter((r) => r.refused && pattern.test(r.path)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A small PNG (1x1) for content downloads. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
