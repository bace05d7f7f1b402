// A send that failed survives a reload (localStorage outbox), marked failed with Resend, and goes
// again with the same temp id. A file's message too: its file is already uploaded, and it used to
// be left out of the outbox, so a reload after a failed file send lost it without a word.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Controller } from '../../widget-element/box/controller';
import { fakeHost as host } from './fakeHost';

vi.mock('../../widget-element/box/socket', () => ({
  // Connects at once: its 'connect' handler runs as a real socket's would.
  createWidgetSocket: () => {
    const handlers: Record<string, () => void> = {};
    return {
      on(event: string, handler: () => void) {
        handlers[event] = handler;
      },
      connect() {
        handlers.connect?.();
      },
      disconnect() {},
    };
  },
  bindWidgetSocketActions: () => () => {},
}));

const posted: unknown[] = [];
let webhookStatus = 400;
vi.stubGlobal(
  'fetch',
  vi.fn(async (url: string, init?: RequestInit) => {
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
    if (url.includes('/service/widget/verify'))
      return json(200, {
        status: 'ok',
        data: { session_id: 's1', visitor_id: 'v1', profile: { name: '', form: {}, form_done: false } },
      });
    if (url.includes('/service/webhook/widget/')) {
      const event = (JSON.parse(String(init?.body)) as { events: { id: string }[] }).events[0];
      posted.push(event);
      if (webhookStatus !== 200) return json(webhookStatus, { message: 'refused' });
      return json(200, {
        visitor_id: 'v1',
        renewed: false,
        results: [{ id: event.id, message: { id: 'm1', temp_id: event.id, from: 'visitor', timestamp: 1 } }],
      });
    }
    return json(200, { chat: [], total_count: 0 });
  }),
);

afterEach(() => {
  localStorage.clear();
  posted.length = 0;
  webhookStatus = 400;
});

const fileMessage = {
  type: 'file' as const,
  message: 'https://widget.test/files/f1/report.pdf',
  items: [
    {
      type: 'file' as const,
      fileName: 'report.pdf',
      fileSize: 15,
      originalContentUrl: 'https://widget.test/files/f1/report.pdf',
    },
  ],
};

describe('widget outbox', () => {
  it('keeps a failed file message over a reload and resends it with the same temp id', async () => {
    const before = new Controller(host());
    before.store.set({
      messages: [
        {
          id: 't-file',
          temp_id: 't-file',
          from: 'visitor',
          ...fileMessage,
          timestamp: 1,
          bot: false,
          greeting: false,
          statusSendMessage: 'wait_socket',
        },
      ],
    });
    await before.deliver('t-file', { message: { type: 'file', text: fileMessage.message } });
    expect(before.state.messages[0].statusSendMessage).toBe('fail');

    // The page reloads.
    const after = new Controller(host());
    expect(after.state.messages).toMatchObject([
      { temp_id: 't-file', type: 'file', statusSendMessage: 'fail', items: fileMessage.items },
    ]);
    webhookStatus = 200;
    await after.resend('t-file');
    expect(posted.at(-1)).toMatchObject({
      id: 't-file',
      message: { type: 'file', text: fileMessage.message },
    });
    expect(after.state.messages).toHaveLength(1);
    expect(after.state.messages[0].statusSendMessage).toBeNull();
    expect(localStorage.getItem('chat-widget:w1:outbox')).toBeNull();
  });

  it('keeps a failed text over a reload', async () => {
    const before = new Controller(host());
    await before.send('hello');
    expect(new Controller(host()).state.messages).toMatchObject([
      { type: 'text', message: 'hello', statusSendMessage: 'fail' },
    ]);
  });

  it('sends what was still on its way when the page reloaded, once it is back', async () => {
    localStorage.setItem('chat-widget:w1:session', 's1');
    localStorage.setItem(
      'chat-widget:w1:outbox',
      JSON.stringify([
        {
          id: 't-typed',
          temp_id: 't-typed',
          from: 'visitor',
          type: 'text',
          message: 'typed then reloaded',
          items: [{ type: 'text', text: 'typed then reloaded' }],
          timestamp: 1,
          bot: false,
          greeting: false,
          statusSendMessage: 'wait_socket',
        },
      ]),
    );
    webhookStatus = 200;
    const c = new Controller(host());
    c.start();
    await vi.waitFor(() => expect(posted).toMatchObject([{ id: 't-typed' }]));
    await vi.waitFor(() => expect(c.state.messages[0].statusSendMessage).toBeNull());
    expect(c.state.messages).toHaveLength(1);
    expect(localStorage.getItem('chat-widget:w1:outbox')).toBeNull();
  });
});
