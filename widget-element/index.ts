// <chat-widget widget-id="…">: paints the launcher from this small plain script, inside its own
// shadow root, and loads the React chat box only on idle, hover or first open. Nothing here may
// import React or the box: this file is the whole cost of a page that never opens the chat.
// The launcher paints at once from its attributes and the settings this browser saw last
// (localStorage); the server's settings are fetched after the first frame and checked again when the
// page comes back into view, on open and once a minute while visible (HTTP revalidation, so an
// unchanged answer is a bodiless 304), so saved settings reach every open page without a socket.

import { widgetLauncher as en } from '../locales/en.json';
import { widgetLauncher as th } from '../locales/th.json';
import css from './launcher.css';

type Texts = typeof en;
const TEXTS: Record<string, Texts> = { en, th };
/** Spec 9 defaults; the box reads the same ones from core/models/widget. */
const DEFAULT_BUTTON = '#000000ff';
const DEFAULT_LABEL_COLOR = '#59c7f9ff';
const DEFAULT_LABEL = 'Chat';

export interface LauncherInfo {
  button_color?: string;
  label_color?: string;
  button_label?: string;
  scatter_message?: string;
  [key: string]: unknown;
}

/** setUser() details for identified visitors. */
export interface VisitorUser {
  name?: string;
  email?: string;
  phone?: string;
  user_id?: string;
  /** HMAC-SHA256 (hex) of user_id with the widget's identity secret, computed by the site's server. */
  user_hash?: string;
}

/** What the box chunk offers the launcher. */
export interface ChatBoxModule {
  /** Starts the conversation controller (session, socket, unread) without drawing anything. */
  attach(host: ChatWidgetElement): void;
  /** Resolves when the box can be drawn in the visitor's language. */
  ready(host: ChatWidgetElement): Promise<void>;
  mountChatBox(host: ChatWidgetElement, container: HTMLElement): void;
}

/** A visible page checks the saved settings this often. */
export const INFO_CHECK_MS = 60_000;
/** Focus, visibility and open checks closer together than this are one check. */
const INFO_MIN_GAP_MS = 2_000;

const SCRIPT_ORIGIN = new URL(import.meta.url).origin;
const ICON =
  '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M4 4h16a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H9l-5 4V5a1 1 0 0 1 1-1z"/></svg>';

/** Set by the release build to the chat box's hashed file; tests and watch builds import the module. */
declare const __CHAT_BOX__: string | undefined;
const importBox = (): Promise<ChatBoxModule> =>
  typeof __CHAT_BOX__ === 'string'
    ? import(new URL(__CHAT_BOX__, import.meta.url).href)
    : import('./box/mount');

let boxModule: Promise<ChatBoxModule> | null = null;
/** Loads the chat box chunk once; a failed load (offline) may be tried again. */
export const loadBox = () => {
  boxModule ??= importBox().catch((err) => {
    boxModule = null;
    throw err;
  });
  return boxModule;
};

const fill = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k] ?? ''));

/** Storage may be refused (private modes, sandboxed frames): the widget then forgets on reload. */
export function readStore(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStore(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Not kept: the next page load paints the defaults until the settings arrive.
  }
}

function parseInfo(text: string | null): LauncherInfo | null {
  try {
    const value = JSON.parse(text ?? 'null');
    return value && typeof value === 'object' && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

export class ChatWidgetElement extends HTMLElement {
  static get observedAttributes() {
    return [
      'widget-id',
      'server',
      'lang',
      'button-color',
      'label-color',
      'button-label',
      'position',
      'open',
      'hide-launcher',
      'full-page',
    ];
  }

  // Fields are set in the constructor (no class-field syntax), so this file needs no bundler helpers.
  declare info: LauncherInfo | null;
  declare user: VisitorUser;
  declare unread: number;
  declare isOpen: boolean;
  declare private root: ShadowRoot;
  declare private launcher: HTMLButtonElement;
  declare private label: HTMLSpanElement;
  declare private badge: HTMLSpanElement;
  declare private scatter: HTMLDivElement;
  declare private panel: HTMLDivElement;
  declare private mounted: boolean;
  declare private attached: boolean;
  declare private scatterClosed: boolean;
  declare private started: boolean;
  /** The settings as last received (text), to tell a change from a repeat. */
  declare private infoText: string;
  declare private checkedAt: number;
  declare private timer: ReturnType<typeof setInterval> | undefined;
  declare private check: () => void;
  declare private onVisible: () => void;
  declare private onStorage: (e: Event) => void;
  declare private onEscape: (e: Event) => void;

  constructor() {
    super();
    this.info = null;
    this.user = {};
    this.unread = 0;
    this.isOpen = false;
    this.mounted = false;
    this.attached = false;
    this.scatterClosed = false;
    this.started = false;
    this.infoText = '';
    this.checkedAt = 0;
    this.check = () => this.refreshInfo();
    this.onVisible = () => {
      if (document.visibilityState === 'visible') this.refreshInfo();
    };
    // Another tab of the site got newer settings: show them here too.
    this.onStorage = (e) => {
      const { key, newValue } = e as StorageEvent;
      if (key === this.storeKey('info') && newValue && newValue !== this.infoText) this.takeInfo(newValue);
    };
    this.root = this.attachShadow({ mode: 'open' });
    this.root.innerHTML = `<style>${css}</style><div class="scatter" part="scatter" hidden></div><button class="launcher" part="launcher" type="button" aria-haspopup="dialog" aria-expanded="false">${ICON}<span class="label"></span><span class="badge" aria-hidden="true" hidden></span></button><div class="panel" hidden></div>`;
    const $ = <E extends Element>(s: string) => this.root.querySelector(s) as E;
    this.launcher = $('.launcher');
    this.label = $('.label');
    this.badge = $('.badge');
    this.scatter = $('.scatter');
    this.panel = $('.panel');
    this.launcher.addEventListener('click', () => this.toggle());
    this.scatter.addEventListener('click', () => this.open());
    const preload = () => this.prepare();
    this.launcher.addEventListener('pointerenter', preload, { once: true });
    this.launcher.addEventListener('focus', preload, { once: true });
    // Escape closes the box when focus is in it, or on nothing at all (the launcher hides as the
    // box opens, and focus reaches the box a frame later).
    this.onEscape = (e) => {
      const key = e as KeyboardEvent;
      if (key.key !== 'Escape' || !this.isOpen || this.hasAttribute('full-page')) return;
      const active = document.activeElement;
      if (active !== this && active !== document.body && active !== null) return;
      key.stopPropagation();
      this.close();
    };
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

  /** localStorage key for this widget (and server), shared by every tab of the site. */
  storeKey(name: string): string {
    return `chat-widget:${this.widgetId}:${name}`;
  }

  connectedCallback() {
    if (this.started) {
      this.watchInfo(true);
      return;
    }
    this.started = true;
    const stored = Number(readStore(this.storeKey('unread')));
    if (stored > 0) this.unread = stored;
    this.readCachedInfo();
    this.render();
    if (this.hasAttribute('open')) this.open();
    // Everything else waits for the frame that shows the launcher.
    requestAnimationFrame(() =>
      setTimeout(() => {
        if (this.isConnected) this.watchInfo(true);
        this.refreshInfo();
        const idle = (window as Window & { requestIdleCallback?: (cb: () => void) => void })
          .requestIdleCallback;
        if (idle) idle(() => this.prepare());
        else setTimeout(() => this.prepare(), 1500);
      }),
    );
  }

  disconnectedCallback() {
    this.watchInfo(false);
  }

  /** Settings checks while the element is in a page: on focus, on coming into view, once a minute. */
  private watchInfo(on: boolean) {
    const method = on ? 'addEventListener' : 'removeEventListener';
    window[method]('focus', this.check);
    window[method]('online', this.check);
    window[method]('storage', this.onStorage);
    document[method]('visibilitychange', this.onVisible);
    document[method]('keydown', this.onEscape);
    clearInterval(this.timer);
    this.timer = on ? setInterval(this.onVisible, INFO_CHECK_MS) : undefined;
  }

  /** The settings this browser saw last for this widget, if any. */
  private readCachedInfo() {
    const cached = readStore(this.storeKey('info'));
    const info = parseInfo(cached);
    this.infoText = info ? (cached as string) : '';
    this.info = info;
  }

  /** A check unless one has just been made. */
  refreshInfo() {
    if (Date.now() - this.checkedAt >= INFO_MIN_GAP_MS) this.fetchInfo();
  }

  attributeChangedCallback(name: string, oldValue: string | null, newValue: string | null) {
    // Before connectedCallback (an upgrade, or attributes set before insertion) there is nothing
    // drawn yet: connectedCallback reads every attribute once.
    if (oldValue === newValue || !this.started) return;
    if (name === 'widget-id') this.readCachedInfo();
    if (name === 'widget-id' || name === 'server') this.fetchInfo();
    if (name === 'open' && this.isConnected) {
      if (newValue !== null) this.open();
      else this.close();
    }
    this.render();
    this.dispatchEvent(new CustomEvent('chat-widget:attributes', { detail: { name } }));
  }

  /** Loads the box chunk and starts the conversation controller, once. */
  prepare(): Promise<ChatBoxModule> {
    return loadBox().then((mod) => {
      if (!this.attached && this.isConnected) {
        this.attached = true;
        mod.attach(this);
      }
      return mod;
    });
  }

  /** The saved settings; the server answers 304 to the browser's cache while they are unchanged. */
  async fetchInfo() {
    const id = this.widgetId;
    if (!id) return;
    this.checkedAt = Date.now();
    try {
      const res = await fetch(`${this.server}/service/widget/info?widget_id=${encodeURIComponent(id)}`);
      if (res.ok && id === this.widgetId) this.takeInfo(await res.text());
    } catch {
      // Offline or blocked: the launcher keeps what it shows; the next check tries again.
    }
  }

  private takeInfo(text: string) {
    const info = parseInfo(text);
    if (info && text !== this.infoText) this.applyInfo(info);
  }

  /** New settings (fetched, from another tab, or pushed to a visitor's socket); kept for the next page. */
  applyInfo(info: LauncherInfo) {
    const text = JSON.stringify(info);
    this.infoText = text;
    writeStore(this.storeKey('info'), text);
    this.info = info;
    this.render();
    this.dispatchEvent(new CustomEvent('chat-widget:info'));
  }

  /** Attributes win over the saved settings, which win over the defaults (spec 9). */
  setting(attr: string, key: string, fallback: string): string {
    const fromInfo = this.info?.[key];
    return this.getAttribute(attr) || (typeof fromInfo === 'string' && fromInfo) || fallback;
  }

  /** The launcher's text; the default 'Chat' is said in the visitor's language. */
  get buttonLabel(): string {
    const label = this.setting('button-label', 'button_label', DEFAULT_LABEL);
    return label === DEFAULT_LABEL ? this.texts.defaultLabel : label;
  }

  render() {
    this.style.setProperty('--cw-button', this.setting('button-color', 'button_color', DEFAULT_BUTTON));
    this.style.setProperty('--cw-label', this.setting('label-color', 'label_color', DEFAULT_LABEL_COLOR));
    this.label.textContent = this.buttonLabel;
    const hidden = this.hasAttribute('hide-launcher') || this.isOpen;
    this.launcher.hidden = hidden;
    const unread = this.unread > 0 ? ` (${fill(this.texts.unread, { count: this.unread })})` : '';
    this.launcher.setAttribute('aria-label', `${this.texts.openChat}${unread}`);
    this.launcher.setAttribute('aria-expanded', String(this.isOpen));
    this.badge.hidden = this.unread === 0;
    this.badge.textContent = this.unread > 99 ? '99+' : String(this.unread);
    const scatter = typeof this.info?.scatter_message === 'string' ? this.info.scatter_message : '';
    this.scatter.textContent = scatter;
    this.scatter.hidden = !scatter || hidden || this.scatterClosed;
  }

  setUnread(count: number) {
    const next = Math.max(0, count | 0);
    if (next === this.unread) return;
    this.unread = next;
    try {
      localStorage.setItem(this.storeKey('unread'), String(next));
    } catch {
      // Not kept across reloads; the count comes back from the server when the box loads.
    }
    this.render();
    this.dispatchEvent(new CustomEvent('chat-widget:unread', { detail: { count: next } }));
  }

  async open() {
    if (this.isOpen) return;
    this.isOpen = true;
    this.scatterClosed = true;
    this.render();
    this.refreshInfo();
    let mod: ChatBoxModule;
    try {
      mod = await this.prepare();
      await mod.ready(this);
    } catch {
      // The chunk could not load (offline): show the launcher again so the visitor can retry.
      this.isOpen = false;
      this.render();
      return;
    }
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

  /** Identified visitors: their name and contact details go to the agents with the next call. */
  setUser(user: VisitorUser) {
    this.user = { ...this.user, ...user };
    this.dispatchEvent(new CustomEvent('chat-widget:user'));
  }

  setLocale(locale: 'en' | 'th') {
    this.setAttribute('lang', locale === 'th' ? 'th' : 'en');
  }
}

if (!customElements.get('chat-widget')) customElements.define('chat-widget', ChatWidgetElement);
