// A scripted stand-in for the network: records each request and answers from a queue.
export interface Recorded {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

type Answer = { status: number; body?: unknown } | 'network-error';

export function fakeFetch(answers: Answer[] = []) {
  const calls: Recorded[] = [];
  const queue = [...answers];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const raw = init?.body;
    const body = typeof raw === 'string' ? JSON.parse(raw) : raw;
    calls.push({ method: init?.method ?? 'GET', url, headers: new Headers(init?.headers), body });
    const answer = queue.length > 1 ? queue.shift()! : (queue[0] ?? { status: 200, body: {} });
    if (answer === 'network-error') throw new TypeError('fetch failed');
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}
