// The <chat-widget> launcher without the chat box: attributes, saved settings, unread badge,
// scatter message and the integrator API (spec 9 defaults; issue: attributes apply live).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChatWidgetElement } from '../../widget-element/index';

function make(attrs: Record<string, string> = {}) {
  const el = document.createElement('chat-widget') as ChatWidgetElement;
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  document.body.append(el);
  const root = el.shadowRoot as ShadowRoot;
  return {
    el,
    launcher: root.querySelector('.launcher') as HTMLButtonElement,
    label: root.querySelector('.label') as HTMLElement,
    root,
  };
}

afterEach(() => {
  document.body.innerHTML = '';
  localStorage.clear();
  vi.restoreAllMocks();
});

const fetchMock = vi.fn(async () => new Response('{}', { status: 404 }));
vi.stubGlobal('fetch', fetchMock);

/** After the launcher's first frame, when it starts checking the settings. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 60));
const infoCalls = () =>
  fetchMock.mock.calls.filter((c) => String((c as unknown[])[0]).includes('/service/widget/info')).length;

describe('<chat-widget> launcher', () => {
  it('is defined once and paints the spec 9 defaults', () => {
    expect(customElements.get('chat-widget')).toBe(ChatWidgetElement);
    const { el, label } = make({ 'widget-id': 'w1' });
    expect(label.textContent).toBe('Chat');
    expect(el.style.getPropertyValue('--cw-button')).toBe('#000000ff');
    expect(el.style.getPropertyValue('--cw-label')).toBe('#59c7f9ff');
  });

  it('applies attribute changes live, attributes winning over saved settings', () => {
    const { el, launcher, label } = make({ 'widget-id': 'w1' });
    el.applyInfo({ button_label: 'Ask us', button_color: '#112233ff' });
    expect(label.textContent).toBe('Ask us');
    el.setAttribute('button-label', 'Help');
    el.setAttribute('button-color', '#ff0000');
    expect(label.textContent).toBe('Help');
    expect(el.style.getPropertyValue('--cw-button')).toBe('#ff0000');
    el.setAttribute('hide-launcher', '');
    expect(launcher.hidden).toBe(true);
  });

  it('speaks Thai under lang="th", the default label included', () => {
    const { el, launcher, label } = make({ 'widget-id': 'w1', lang: 'th' });
    expect(label.textContent).toBe('แชท');
    expect(launcher.getAttribute('aria-label')).toBe('เปิดแชท');
    el.setLocale('en');
    expect(label.textContent).toBe('Chat');
  });

  it('shows the unread badge, keeps it across reloads and announces it', () => {
    const { el, root, launcher } = make({ 'widget-id': 'w1' });
    const seen: number[] = [];
    el.addEventListener('chat-widget:unread', (e) => seen.push((e as CustomEvent).detail.count));
    el.setUnread(3);
    const badge = root.querySelector('.badge') as HTMLElement;
    expect(badge.hidden).toBe(false);
    expect(badge.textContent).toBe('3');
    expect(launcher.getAttribute('aria-label')).toContain('3 unread messages');
    el.setUnread(150);
    expect(badge.textContent).toBe('99+');
    expect(seen).toEqual([3, 150]);
    document.body.innerHTML = '';
    const again = make({ 'widget-id': 'w1' });
    expect(again.el.unread).toBe(150);
    expect((again.root.querySelector('.badge') as HTMLElement).hidden).toBe(false);
  });

  it('shows the scatter message as text, never as HTML', () => {
    const { el, root } = make({ 'widget-id': 'w1' });
    el.applyInfo({ scatter_message: '<img src=x onerror=alert(1)> Hi!' });
    const scatter = root.querySelector('.scatter') as HTMLElement;
    expect(scatter.hidden).toBe(false);
    expect(scatter.textContent).toBe('<img src=x onerror=alert(1)> Hi!');
    expect(scatter.querySelector('img')).toBeNull();
  });

  it('takes setUser() details and tells the box', () => {
    const { el } = make({ 'widget-id': 'w1' });
    const heard = vi.fn();
    el.addEventListener('chat-widget:user', heard);
    el.setUser({ name: 'Anna' });
    el.setUser({ email: 'anna@example.com' });
    expect(el.user).toEqual({ name: 'Anna', email: 'anna@example.com' });
    expect(heard).toHaveBeenCalledTimes(2);
  });

  it('uses the server attribute over the script origin', () => {
    const { el } = make({ 'widget-id': 'w1', server: 'https://chat.example.com/' });
    expect(el.server).toBe('https://chat.example.com');
  });

  it('paints the settings this browser saw last at once, before the server answers', () => {
    const first = make({ 'widget-id': 'w1' });
    first.el.applyInfo({ button_label: 'Ask a barista', button_color: '#8a4b1fff' });
    document.body.innerHTML = '';
    const again = make({ 'widget-id': 'w1' });
    expect(again.label.textContent).toBe('Ask a barista');
    expect(again.el.style.getPropertyValue('--cw-button')).toBe('#8a4b1fff');
    // Another widget on the same site keeps its own.
    expect(make({ 'widget-id': 'w2' }).label.textContent).toBe('Chat');
  });

  it('takes newer settings another tab received, and announces only a change', async () => {
    const { el, label } = make({ 'widget-id': 'w1' });
    await settle();
    const heard = vi.fn();
    el.addEventListener('chat-widget:info', heard);
    const text = JSON.stringify({ button_label: 'From the other tab' });
    window.dispatchEvent(new StorageEvent('storage', { key: 'chat-widget:w1:info', newValue: text }));
    expect(label.textContent).toBe('From the other tab');
    window.dispatchEvent(new StorageEvent('storage', { key: 'chat-widget:w1:info', newValue: text }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'chat-widget:w9:info', newValue: '{}' }));
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('checks the saved settings again on focus and on coming into view, not more than every 2 s', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      await settle();
      fetchMock.mockClear();
      const { el } = make({ 'widget-id': 'w1' });
      await settle();
      expect(infoCalls()).toBe(1);
      window.dispatchEvent(new Event('focus'));
      expect(infoCalls()).toBe(1);
      vi.setSystemTime(Date.now() + 2_500);
      window.dispatchEvent(new Event('focus'));
      expect(infoCalls()).toBe(2);
      vi.setSystemTime(Date.now() + 2_500);
      document.dispatchEvent(new Event('visibilitychange'));
      expect(infoCalls()).toBe(3);
      // Taken out of the page, it stops listening.
      el.remove();
      vi.setSystemTime(Date.now() + 2_500);
      window.dispatchEvent(new Event('focus'));
      expect(infoCalls()).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
