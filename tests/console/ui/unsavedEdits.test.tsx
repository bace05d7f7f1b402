// Spec 5 in the editor dialogs (intent, keyword mapping, create account, API connection): closing
// with unsaved edits asks 'Leave without saving' with No (stay) focused, so a stray Enter keeps the
// edits, and closes at once when nothing changed; saving an edit asks Yes / No; a delete question
// focuses No too; the create-account modal keeps typed channel settings across a type change; the
// API modal says 'Unable to save data' when the server refuses a field.
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRootPerTest, settle, typeInto } from '../../helpers/reactRoot';

const api = vi.hoisted(() => vi.fn());
vi.mock('../../../console/session/api', async (original) => ({
  ...(await original<typeof import('../../../console/session/api')>()),
  api,
}));

const { locale } = await import('../../../console/app/i18n');
const { ApiError } = await import('../../../console/session/api');
const { default: IntentsPage } = await import('../../../console/automation/IntentsPage');
const { default: KeywordMappingPage } = await import('../../../console/automation/KeywordMappingPage');
const { CreateAccountModal } = await import('../../../console/accounts/CreateAccountModal');
const { ApiDialog } = await import('../../../console/apis/ApiDialog');
const { ConfirmDelete } = await import('../../../console/ui/ConfirmDelete');
const { ReplyEditor } = await import('../../../console/automation/ReplyEditor');

const INTENT = {
  _id: 'i1',
  name: 'Hours',
  is_active: true,
  training_phrases: ['when are you open'],
  reply_message_id: null,
  reply_message_name: null,
};
const RULE = {
  _id: 'k1',
  name: 'Price',
  keywords: [{ text: 'price', match: 'contains' }],
  action: 'reply',
  reply_message_id: null,
  queue_id: null,
  bot_text: '',
  priority: 1,
  is_active: true,
  reply_message_name: null,
};

beforeEach(() => {
  api.mockReset();
  api.mockImplementation(async (path: string) => {
    if (path === '/api/intent/list') return { list: [INTENT] };
    if (path === '/api/keyword/list') return { list: [RULE] };
    if (path === '/api/masterdata/chat') return { queues: [] };
    if (path === '/api/reply/group/list') return { list: [], ungrouped: [] };
    return { list: [] };
  });
});
afterEach(() => {
  locale.value = 'en';
});
const view = renderRootPerTest();
const type = typeInto;
const click = (el: Element | null | undefined) => act(() => (el as HTMLElement).click());
const dialogs = () => [...document.querySelectorAll('[role=dialog]')] as HTMLElement[];
const titles = () => dialogs().map((d) => d.querySelector('h2')?.textContent);
const top = () => dialogs().at(-1) as HTMLElement;
const button = (box: Element, text: string) =>
  [...box.querySelectorAll('button')].find((b) => b.textContent?.trim() === text) as HTMLButtonElement;
const pressEscape = () => act(() => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' })));
const saves = (path: string) => api.mock.calls.filter(([p, o]) => p === path && o?.method);

describe('intent editor', () => {
  it('asks before throwing typed edits away (Cancel, ×, Escape), No focused; unchanged closes at once', async () => {
    act(() => view.root.render(<IntentsPage params={{}} titleKey="automation.intent.title" />));
    await settle();
    click(view.container.querySelector('[data-testid=create-intent]'));
    click(button(top(), 'Cancel'));
    expect(dialogs()).toHaveLength(0);

    click(view.container.querySelector('[data-testid=create-intent]'));
    type(top().querySelector('input') as Element, 'Opening hours');
    for (const close of [
      () => click(button(top(), 'Cancel')),
      () => click(top().querySelector('button[aria-label=Close]')),
      pressEscape,
    ]) {
      close();
      expect(titles()).toEqual(['Create intent', 'Leave without saving']);
      expect(document.activeElement).toBe(button(top(), 'No'));
      pressEscape(); // Escape is No: the edits stay
      expect(titles()).toEqual(['Create intent']);
      expect((top().querySelector('input') as HTMLInputElement).value).toBe('Opening hours');
    }
    click(button(top(), 'Cancel'));
    click(button(top(), 'Yes'));
    expect(dialogs()).toHaveLength(0);
  });

  it('saving an edit asks Yes / No first', async () => {
    act(() => view.root.render(<IntentsPage params={{}} titleKey="automation.intent.title" />));
    await settle();
    click(button(view.container, 'Hours'));
    type(top().querySelector('input') as Element, 'Hours 2');
    click(top().querySelector('[data-testid=save-intent]'));
    expect(titles().at(-1)).toBe('Save changes');
    expect(saves('/api/intent/i1')).toHaveLength(0);
    click(button(top(), 'Yes'));
    await settle();
    expect(saves('/api/intent/i1')).toHaveLength(1);
  });
});

describe('one save at a time', () => {
  it('a double click on Save makes one intent, Save disabled while it goes', async () => {
    let answer: (value: unknown) => void = () => {};
    act(() => view.root.render(<IntentsPage params={{}} titleKey="automation.intent.title" />));
    await settle();
    api.mockImplementation(async (path: string, options?: { method?: string }) => {
      if (path === '/api/intent/create' && options?.method)
        return new Promise((resolve) => (answer = resolve));
      return { list: [] };
    });
    click(view.container.querySelector('[data-testid=create-intent]'));
    type(top().querySelector('input') as Element, 'Opening hours');
    const save = top().querySelector('[data-testid=save-intent]') as HTMLButtonElement;
    act(() => {
      save.click();
      save.click();
    });
    expect(saves('/api/intent/create')).toHaveLength(1);
    expect(save.disabled).toBe(true);
    await act(async () => answer({ intent: { ...INTENT, _id: 'i2' } }));
    await settle();
    expect(saves('/api/intent/create')).toHaveLength(1);
  });
});

describe('keyword-mapping editor', () => {
  it('asks before closing with a changed keyword and before saving an edit', async () => {
    act(() => view.root.render(<KeywordMappingPage params={{}} titleKey="automation.keyword.title" />));
    await settle();
    click(button(view.container, 'Price'));
    click(button(top(), 'Cancel'));
    expect(dialogs()).toHaveLength(0);

    click(button(view.container, 'Price'));
    type(top().querySelector('[aria-label="Keyword 1"]') as Element, 'prices');
    click(top().querySelector('.ui-dialog-backdrop') ?? document.querySelector('.ui-dialog-backdrop'));
    expect(titles().at(-1)).toBe('Leave without saving');
    expect(document.activeElement).toBe(button(top(), 'No'));
    click(button(top(), 'No'));
    click(top().querySelector('[data-testid=save-keyword]'));
    expect(titles().at(-1)).toBe('Save changes');
    expect(saves('/api/keyword/k1')).toHaveLength(0);
    click(button(top(), 'Yes'));
    await settle();
    expect(saves('/api/keyword/k1')[0][1].body.keywords[0].text).toBe('prices');
  });
});

describe('reply-message editor', () => {
  it('asks before closing with an edit and before saving it', async () => {
    const reply = {
      _id: 'r1',
      name: 'Hello',
      group_id: null,
      is_active: true,
      position: 0,
      items: [{ type: 'text' as const, text: 'Hi' }],
      quick_replies: [],
      updated_at: '',
    };
    const onClose = vi.fn();
    const show = () =>
      act(() =>
        view.root.render(
          <ReplyEditor reply={reply} groups={[]} defaultGroup={null} onClose={onClose} onSaved={() => {}} />,
        ),
      );
    show();
    click(button(top(), 'Cancel'));
    expect(onClose).toHaveBeenCalledTimes(1);
    type(top().querySelector('input') as Element, 'Hello there');
    click(button(top(), 'Cancel'));
    expect(titles().at(-1)).toBe('Leave without saving');
    expect(document.activeElement).toBe(button(top(), 'No'));
    click(button(top(), 'No'));
    click(top().querySelector('[data-testid=save-reply]'));
    await settle();
    expect(titles().at(-1)).toBe('Save changes');
    expect(saves('/api/reply/message/r1')).toHaveLength(0);
    click(button(top(), 'Yes'));
    await settle();
    expect(saves('/api/reply/message/r1')).toHaveLength(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('create-account modal', () => {
  it('asks before closing with something typed, in Thai under /th', () => {
    locale.value = 'th';
    const onClose = vi.fn();
    act(() => view.root.render(<CreateAccountModal onClose={onClose} onCreated={() => {}} />));
    pressEscape();
    expect(onClose).toHaveBeenCalledTimes(1);
    onClose.mockReset();
    type(top().querySelector('input') as Element, 'Third shop');
    pressEscape();
    expect(onClose).not.toHaveBeenCalled();
    expect(top().querySelector('h2')?.textContent).toBe('ออกโดยไม่บันทึก');
    expect(document.activeElement?.textContent).toBe('ไม่ใช่');
  });

  it('keeps the typed channel settings when the channel type changes and back', () => {
    act(() => view.root.render(<CreateAccountModal onClose={() => {}} onCreated={() => {}} />));
    const select = () => top().querySelector('select') as HTMLSelectElement;
    const inputs = () => [...top().querySelectorAll('input')] as HTMLInputElement[];
    type(select(), 'line');
    type(inputs()[2], '1234567890');
    type(select(), 'messenger');
    type(inputs()[2], '111222333');
    type(select(), 'instagram'); // the same Facebook page settings carry over
    expect(inputs()[2].value).toBe('111222333');
    type(select(), 'wechat'); // WeChat's AppID is another thing than the Meta app id
    expect(
      inputs()
        .slice(2)
        .map((i) => i.value),
    ).toEqual(['', '', '']);
    type(select(), 'line');
    expect(inputs()[2].value).toBe('1234567890');
  });
});

describe('API modal', () => {
  it("says 'Unable to save data' when the server refuses a field", async () => {
    api.mockImplementation(async (path: string, options?: { method?: string }) => {
      if (path.startsWith('/api/settings/apis') && options?.method)
        throw new ApiError(400, 'URL is not allowed', 'validation', 'url');
      return { list: [], ungrouped: [] };
    });
    const connection = {
      _id: 'a1',
      name: 'Orders',
      slug: 'orders',
      method: 'GET' as const,
      url: 'https://example.com/orders',
      headers: [],
      body_type: 'fields' as const,
      body: [],
      body_json: '',
      status: true,
      variables_option: [],
      sample_values: {},
      answers: { conditions: [], fallback: '' },
      placeholders: [],
      updated_at: '',
    };
    act(() => view.root.render(<ApiDialog connection={connection} onClose={() => {}} onSaved={() => {}} />));
    await settle();
    click(button(top(), 'Save'));
    click(button(top(), 'Yes'));
    await settle();
    expect(titles()).toEqual(['Edit API', 'Unable to save data']);
    expect(top().textContent).toContain('Please make sure all required fields are filled out correctly.');
    click(button(top(), 'Close'));
    expect(titles()).toEqual(['Edit API']);
  });
});

describe('delete question', () => {
  it('focuses No, so a stray Enter deletes nothing', () => {
    act(() => view.root.render(<ConfirmDelete item="x" onClose={() => {}} remove={async () => {}} />));
    expect(document.activeElement).toBe(button(top(), 'No'));
  });
});
