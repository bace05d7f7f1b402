// <chat-widget widget-id="…">: paints the launcher from this small plain script, inside its own
// shadow root, and loads the React chat box only on idle, hover or first open.

import { widget as en } from '../locales/en.json';
import { widget as th } from '../locales/th.json';
import css from './launcher.css';

type Texts = typeof en;
const TEXTS: Record<string, Texts> = { en, th };

interface WidgetInfo {
  button_color?: string;
  label_color?: string;
  button_label?: string;
  scatter_message?: string;
  [key: string]: unknown;
}

interface ChatBoxModule {
  mountChatBox(host: ChatWidgetElement, container: HTMLElement): void;
}

const SCRIPT_ORIGIN = new URL(import.meta.url).origin;
const ICON =
  '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M4 4h16a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H9l-5 4V5a1 1 0 0 1 1-1z"/></svg>';

let boxModule: Promise<ChatBoxModule> | null = null;
const loadBox = () => {
  boxModule ??= import('./box/mount') as Promise<ChatBoxModule>;
  return boxModule;
};

const fill = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k] ?? ''));

export class ChatWidgetElement extends HTMLElement {
  static observedAttributes = [
    'widget-id',
    'server',
    'lang',
    'button-color',
    'label-color',
    'button-label',
    'position',
    'open',
    'hide-launcher',
  ];

  info: WidgetInfo | null = null;
  unread = 0;
  private root: ShadowRoot;
  private launcher: HTMLButtonElement;
  private label: HTMLSpanElement;
  private badge: HTMLSpanElement;
  private scatter: HTMLDivElement;
  private panel: HTMLDivElement;
  private isOpen = false;
  private mounted = false;

  constructor() {
    super();
    this.root = this.attachShadow({ mode: 'open' });
    this.root.innerHTML = `<style>${css}</style><div class="scatter" part="scatter" hidden></div><button class="launcher" part="launcher" type="button" aria-expanded="false">${ICON}<span class="label"></span><span class="badge" hidden></span></button><div class="panel"></div>`;
    this.launcher = this.root.querySelector('.launcher') as HTMLButtonElement;
    this.label = this.root.querySelector('.label') as HTMLSpanElement;
    this.badge = this.root.querySelector('.badge') as HTMLSpanElement;
    this.scatter = this.root.querySelector('.scatter') as HTMLDivElement;
    this.panel = this.root.querySelector('.panel') as HTMLDivElement;
    this.launcher.addEventListener('click', () => this.toggle());
    this.launcher.addEventListener('pointerenter', loadBox, { once: true });
  }

  get widgetId(): string {
    return this.getAttribute('widget-id') ?? '';
  }

  /** The server origin: the `server` attribute, else where this script came from. */
  get server(): string {
    return (this.getAttribute('server') || SCRIPT_ORIGIN).replace(/\/+$/, '');
  }

  get locale(): 'en' | 'th' {
    return this.getAttribute('lang') === 'th' ? 'th' : 'en';
  }

  get texts(): Texts {
    return TEXTS[this.locale];
  }

  connectedCallback() {
    this.render();
    this.fetchInfo();
    if (this.hasAttribute('open')) this.open();
    const idle = (window as Window & { requestIdleCallback?: (cb: () => void) => void }).requestIdleCallback;
    if (idle) idle(() => loadBox());
    else setTimeout(loadBox, 1500);
  }

  attributeChangedCallback(name: string, oldValue: string | null, newValue: string | null) {
    if (oldValue === newValue) return;
    if (name === 'widget-id' || name === 'server') this.fetchInfo();
    if (name === 'open') {
      if (newValue !== null) this.open();
      else this.close();
    }
    this.render();
    this.dispatchEvent(new CustomEvent('chat-widget:attributes', { detail: { name } }));
  }

  private async fetchInfo() {
    const id = this.widgetId;
    if (!id || !this.isConnected) return;
    try {
      const res = await fetch(`${this.server}/service/widget/info?widget_id=${encodeURIComponent(id)}`);
      if (!res.ok) return;
      this.info = (await res.json()) as WidgetInfo;
      this.render();
      this.dispatchEvent(new CustomEvent('chat-widget:info'));
    } catch {
      // Offline or blocked: the launcher keeps its defaults and attributes.
    }
  }

  /** Attributes win over the saved settings, which win over the defaults (spec 9). */
  setting(attr: string, key: keyof WidgetInfo, fallback: string): string {
    const fromInfo = this.info?.[key];
    return this.getAttribute(attr) || (typeof fromInfo === 'string' && fromInfo) || fallback;
  }

  render() {
    this.style.setProperty('--cw-button', this.setting('button-color', 'button_color', '#000000ff'));
    this.style.setProperty('--cw-label', this.setting('label-color', 'label_color', '#59c7f9ff'));
    this.label.textContent = this.setting('button-label', 'button_label', 'Chat');
    this.launcher.hidden = this.hasAttribute('hide-launcher') || this.isOpen;
    this.launcher.setAttribute('aria-label', this.isOpen ? this.texts.closeChat : this.texts.openChat);
    this.launcher.setAttribute('aria-expanded', String(this.isOpen));
    this.badge.hidden = this.unread === 0;
    this.badge.textContent = this.unread > 99 ? '99+' : String(this.unread);
    this.badge.setAttribute('aria-label', fill(this.texts.unread, { count: this.unread }));
    const scatter = typeof this.info?.scatter_message === 'string' ? this.info.scatter_message : '';
    this.scatter.textContent = scatter;
    this.scatter.hidden = !scatter || this.isOpen || this.launcher.hidden;
  }

  setUnread(count: number) {
    if (count === this.unread) return;
    this.unread = Math.max(0, count);
    this.render();
    this.dispatchEvent(new CustomEvent('chat-widget:unread', { detail: { count: this.unread } }));
  }

  async open() {
    if (this.isOpen) return;
    this.isOpen = true;
    this.render();
    const mod = await loadBox();
    if (!this.isOpen) return;
    if (!this.mounted) {
      mod.mountChatBox(this, this.panel);
      this.mounted = true;
    }
    this.panel.hidden = false;
    this.dispatchEvent(new CustomEvent('chat-widget:open'));
  }

  close() {
    if (!this.isOpen) return;
    this.isOpen = false;
    this.panel.hidden = true;
    this.render();
    this.launcher.focus();
    this.dispatchEvent(new CustomEvent('chat-widget:close'));
  }

  toggle() {
    if (this.isOpen) this.close();
    else this.open();
  }

  setLocale(locale: 'en' | 'th') {
    this.setAttribute('lang', locale);
  }
}

if (!customElements.get('chat-widget')) customElements.define('chat-widget', ChatWidgetElement);
