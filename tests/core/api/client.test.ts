import { describe, expect, it, vi } from 'vitest';
import {
  API_RETRIES,
  API_RETRY_DELAY_MS,
  ApiError,
  createApiClient,
  isRetrySafe,
} from '../../../core/api/client';
import { fakeFetch } from './fakeFetch';

function setup(answers: Parameters<typeof fakeFetch>[0], overrides: Record<string, unknown> = {}) {
  const net = fakeFetch(answers);
  const sleeps: number[] = [];
  const onUnauthorized = vi.fn();
  const api = createApiClient({
    baseURL: 'https://api.test',
    channelId: () => 'chan-1',
    token: () => 'tok',
    onUnauthorized,
    fetch: net.fetch,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...overrides,
  });
  return { api, calls: net.calls, sleeps, onUnauthorized };
}

describe('spec 7: every request', () => {
  it('goes to the configured base URL with the channel_id header and the bearer token', async () => {
    const { api, calls } = setup([{ status: 200, body: { ok: 1 } }]);
    expect(await api.get('/api/chat/followers', { skip: 0, limit: 20 }, { 'x-extra': 'y' })).toEqual({
      ok: 1,
    });
    expect(calls[0].url.origin).toBe('https://api.test');
    expect(calls[0].url.pathname).toBe('/api/chat/followers');
    expect(calls[0].url.searchParams.get('limit')).toBe('20');
    expect(calls[0].headers.get('channel_id')).toBe('chan-1');
    expect(calls[0].headers.get('authorization')).toBe('Bearer tok');
    expect(calls[0].headers.get('x-extra')).toBe('y');
  });
  it('reads the channel on every call', async () => {
    let channel = 'a';
    const { api, calls } = setup([{ status: 200, body: {} }], { channelId: () => channel });
    await api.get('/x');
    channel = 'b';
    await api.get('/x');
    expect(calls.map((c) => c.headers.get('channel_id'))).toEqual(['a', 'b']);
  });
  it.each(['post', 'patch', 'put', 'delete'] as const)('%s sends a JSON body', async (method) => {
    const { api, calls } = setup([{ status: 200, body: {} }]);
    await api[method]('/api/note/update', { text: 'x', no: 1 });
    expect(calls[0].method).toBe(method.toUpperCase());
    expect(calls[0].body).toEqual({ text: 'x', no: 1 });
  });
});

describe('spec 7, 9: retries 3 times, 3000 ms apart, on network errors and 5xx only', () => {
  it('defaults', () => {
    expect(API_RETRIES).toBe(3);
    expect(API_RETRY_DELAY_MS).toBe(3000);
  });
  it('a 5xx is retried and a later 200 wins', async () => {
    const { api, calls, sleeps } = setup([{ status: 502 }, { status: 503 }, { status: 200, body: { n: 1 } }]);
    expect(await api.post('/api/chat/send/message', { tempId: 't-1' })).toEqual({ n: 1 });
    expect(calls).toHaveLength(3);
    expect(sleeps).toEqual([3000, 3000]);
  });
  it('gives up after 3 retries (4 attempts) with the last error', async () => {
    const { api, calls, sleeps } = setup([{ status: 500, body: { message: 'boom', code: 'internal' } }]);
    const err = await api.get('/x').catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 500, message: 'boom', code: 'internal' });
    expect(calls).toHaveLength(4);
    expect(sleeps).toEqual([3000, 3000, 3000]);
  });
  it('a network error is retried', async () => {
    const { api, calls } = setup(['network-error', { status: 200, body: 'ok' }]);
    expect(await api.get('/x')).toBe('ok');
    expect(calls).toHaveLength(2);
  });
  it('a lasting network error ends as status 0, code network', async () => {
    const { api, calls } = setup(['network-error']);
    await expect(api.get('/x')).rejects.toMatchObject({ status: 0, code: 'network' });
    expect(calls).toHaveLength(4);
  });
  it.each([400, 401, 403, 404, 409, 429])('a %i is not retried', async (status) => {
    const { api, calls, sleeps } = setup([{ status, body: { message: 'no' } }]);
    await expect(api.get('/x')).rejects.toBeInstanceOf(ApiError);
    expect(calls).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });
});

describe('only requests that are safe to repeat are retried', () => {
  it.each([
    ['GET', undefined, undefined, true],
    ['PUT', { a: 1 }, undefined, true],
    ['DELETE', { no: 1 }, undefined, true],
    ['POST', { text: 'note' }, undefined, false],
    ['PATCH', { text: 'note' }, undefined, false],
    ['POST', { tempId: 't-1', message: 'hi' }, undefined, true],
    ['POST', { temp_id: 't-1' }, undefined, true],
    ['POST', { text: 'x' }, { 'Idempotency-Key': 'k' }, true],
  ] as const)('%s %j %j → %s', (method, body, headers, safe) => {
    expect(isRetrySafe(method, body, headers)).toBe(safe);
  });
  it('a multipart send with a tempId is retried', () => {
    const form = new FormData();
    form.set('tempId', 't-9');
    expect(isRetrySafe('POST', form)).toBe(true);
    expect(isRetrySafe('POST', new FormData())).toBe(false);
  });
  it('a POST without a temp id is sent once even on a 5xx', async () => {
    const { api, calls, sleeps } = setup([{ status: 503 }, { status: 200, body: {} }]);
    await expect(api.post('/api/note/create', { text: 'x' })).rejects.toMatchObject({ status: 503 });
    expect(calls).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });
  it('a 4xx answers at once, with no wait, even where retries are allowed', async () => {
    const { api, calls, sleeps } = setup([
      { status: 400, body: { message: 'This field is required.', field: 'message' } },
    ]);
    await expect(api.post('/api/chat/send/message', { tempId: 't' })).rejects.toMatchObject({ status: 400 });
    expect(calls).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });
  it('the error body always has a message, also without an answer', async () => {
    const { api } = setup(['network-error']);
    const err = (await api.post('/x', { text: 'a' }).catch((e) => e)) as ApiError;
    expect(err.body).toMatchObject({ message: err.message, code: 'network' });
  });
});

describe('spec 7, 8: success is 200; other failures give the typed error body', () => {
  it('400 carries message, code and field', async () => {
    const { api } = setup([
      { status: 400, body: { message: 'This field is required.', code: 'invalid', field: 'name' } },
    ]);
    await expect(api.post('/x', {})).rejects.toMatchObject({
      status: 400,
      message: 'This field is required.',
      code: 'invalid',
      field: 'name',
      body: { message: 'This field is required.', code: 'invalid', field: 'name' },
    });
  });
  it('a 201 is not success', async () => {
    const { api } = setup([{ status: 201, body: { id: 1 } }]);
    await expect(api.post('/x', {})).rejects.toMatchObject({ status: 201 });
  });
  it('a body without message falls back to the status text', async () => {
    const { api } = setup([{ status: 404 }]);
    const err = (await api.get('/x').catch((e) => e)) as ApiError;
    expect(err.status).toBe(404);
    expect(typeof err.message).toBe('string');
  });
});

describe('spec 6, 8: 401 Unauthorization or Token_Expired calls onUnauthorized', () => {
  it.each([
    ['Unauthorization', 1],
    ['Token_Expired', 1],
    ['Forbidden', 0],
  ])('401 %s → hook called %i times', async (message, times) => {
    const { api, onUnauthorized } = setup([{ status: 401, body: { message } }]);
    await expect(api.get('/x')).rejects.toMatchObject({ status: 401, message });
    expect(onUnauthorized).toHaveBeenCalledTimes(times);
  });
  it('a 403 with the same message does not log out', async () => {
    const { api, onUnauthorized } = setup([{ status: 403, body: { message: 'Unauthorization' } }]);
    await expect(api.get('/x')).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('headers are left out when there is nothing to send', () => {
  it('no channel, no token', async () => {
    const { api, calls } = setup([{ status: 200, body: {} }], {
      channelId: () => null,
      token: () => undefined,
    });
    await api.get('/x');
    expect(calls[0].headers.has('channel_id')).toBe(false);
    expect(calls[0].headers.has('authorization')).toBe(false);
  });
});

describe('an aborted request is not retried', () => {
  it('ends as aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const abortingFetch = (async () => {
      throw new DOMException('aborted', 'AbortError');
    }) as unknown as typeof fetch;
    const sleep = vi.fn(async () => {});
    const api = createApiClient({
      baseURL: 'https://api.test',
      channelId: () => 'c',
      fetch: abortingFetch,
      sleep,
    });
    await expect(
      api.request('POST', '/api/file/upload', { signal: controller.signal }),
    ).rejects.toMatchObject({
      status: 0,
      code: 'aborted',
      message: 'Operation canceled by the user.',
    });
    expect(sleep).not.toHaveBeenCalled();
  });
});
