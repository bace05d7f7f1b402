// One visitor's conversation, without any drawing: the session (token in localStorage, so a reload
// or a second tab continues it), the history, optimistic sends with temp ids, attachments, the
// socket (spec 7: /widget, websocket only, reconnect every 500 ms, no auto connect, events as
// SOCKET_ actions) and the unread count the launcher shows. React only reads `store`.
// The socket (and socket.io-client's code) comes only once there is a conversation: nothing can
// arrive for a visitor who has not written yet, so an open but silent box holds no connection.
import type { Socket } from 'socket.io-client';
import { ApiError } from '../../core/api/client';
import {
  getWidgetMenu,
  getWidgetMessages,
  sendWidgetEvents,
  verifyWidget,
} from '../../core/api/endpoints/widget';
import { newTempId } from '../../core/chat/outgoing';
import type { MessageItem } from '../../core/models/message';
import type { WidgetMenu, WidgetWebhookEvent } from '../../core/models/widget';
import { catchUpOnConnection } from '../../core/realtime/catchUp';
import type { WidgetServerToClient } from '../../core/realtime/events';
import type { EventSource, WidgetSocketAction } from '../../core/realtime/socketActions';
import type { UploadItem } from '../../core/upload/progress';
import type { ChatWidgetElement, LauncherInfo } from '../index';
import {
  addPending,
  type ChatMessage,
  failMessage,
  lastConfirmedId,
  mergeMessages,
  pendingMessage,
  retryMessage,
  unconfirmed,
  unreadCount,
} from './conversation';
import { createWidgetHttp } from './http';
import { createStore, type Store } from './store';

/** Spec 9: message page size 20. */
export const PAGE_SIZE = 20;
/** The SESSION_EXPIRED a tab's own sess_expired causes comes back within this. */
const RENEW_ECHO_MS = 10_000;

export interface Profile {
  name: string;
  form: Record<string, string>;
  form_done: boolean;
}

export interface Upload extends UploadItem {
  name: string;
}

export interface Notice {
  title?: string;
  text: string;
  params?: Record<string, string | number>;
}

/** The post-chat rating card (issue 12): asked once when the agent closes the chat. */
export interface RatingPrompt {
  /** The chat that ended (the close event names it); null lets the server take the latest. */
  livechatId: string | null;
  score: number;
  status: 'ask' | 'sending' | 'sent' | 'failed';
}

export interface BoxState {
  token: string | null;
  visitorId: string | null;
  profile: Profile;
  messages: ChatMessage[];
  olderAvailable: boolean;
  loaded: boolean;
  connection: 'idle' | 'connecting' | 'online' | 'offline';
  menu: WidgetMenu | null;
  uploads: Upload[];
  notice: Notice | null;
  /** The agent closed the chat; the next message starts a new conversation. */
  ended: boolean;
  rating: RatingPrompt | null;
  draft: string;
}

interface VerifyData {
  session_id: string;
  visitor_id: string;
  profile: Profile;
}

interface EventsAnswer {
  visitor_id: string;
  renewed: boolean;
  results: { id: string; message?: ChatMessage }[];
}

const EMPTY_PROFILE: Profile = { name: '', form: {}, form_done: false };

function readStore(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage refused: the conversation lasts as long as the page.
  }
}

function readJson<T>(key: string, fallback: T): T {
  try {
    return (JSON.parse(readStore(key) ?? 'null') as T) ?? fallback;
  } catch {
    return fallback;
  }
}

export class Controller {
  readonly store: Store<BoxState>;
  private socket: Socket<WidgetServerToClient> | null = null;
  /** The session the socket is (being) opened for; null when none is wanted. */
  private socketFor: string | null = null;
  private unbind: (() => void) | null = null;
  private wasOnline = false;
  /** Sends restored from the outbox at load: the socket's first connect sends them, as after a drop. */
  private restored = false;
  private renewNext = false;
  /** When this tab last sent sess_expired (its own SESSION_EXPIRED echo must not clear it). */
  private renewedAt = 0;
  /**
   * Where a catch-up starts: the newest message the socket or a page load brought, never one a
   * send's answer confirmed. A send answered while the socket is down (the load balancer moved the
   * call to another process) is newer than a reply the socket missed meanwhile, so a catch-up
   * after it would skip that reply; the socket echoes the visitor's own messages, so this anchor
   * still keeps up while connected.
   */
  private heard: string | null = null;
  private sessionPromise: Promise<string> | null = null;
  readonly handles = new Map<string, { cancel(): void }>();
  private readonly api;

  constructor(readonly host: ChatWidgetElement) {
    const outbox = readJson<ChatMessage[]>(host.storeKey('outbox'), []).map((m) => ({
      ...m,
      statusSendMessage: 'fail' as const,
    }));
    this.store = createStore<BoxState>({
      token: readStore(host.storeKey('session')),
      visitorId: null,
      profile: readJson<Profile>(host.storeKey('profile'), EMPTY_PROFILE),
      messages: outbox,
      olderAvailable: false,
      loaded: false,
      connection: 'idle',
      menu: null,
      uploads: [],
      notice: null,
      ended: false,
      rating: null,
      draft: readStore(host.storeKey('draft')) ?? '',
    });
    this.restored = outbox.length > 0;
    this.api = createWidgetHttp({
      baseURL: host.server,
      channelId: () => host.widgetId,
      token: () => this.store.get().token,
    });
    // Saved settings changed (checked by the launcher, or pushed to the socket): the menu too.
    host.addEventListener('chat-widget:info', () => {
      if (this.state.menu) void this.loadMenu();
    });
    host.addEventListener('chat-widget:user', () => {
      if (this.store.get().token) void this.verify().catch(() => {});
    });
    host.addEventListener('chat-widget:attributes', (e) => {
      const name = (e as CustomEvent<{ name: string }>).detail?.name;
      if (name === 'lang' && this.store.get().token) void this.verify().catch(() => {});
    });
    window.addEventListener('storage', (e) => {
      // Another tab started or renewed the session: follow it.
      if (e.key === host.storeKey('session') && e.newValue && e.newValue !== this.store.get().token) {
        this.store.set({ token: e.newValue, messages: [], loaded: false });
        this.reconnect();
      }
    });
  }

  get state() {
    return this.store.get();
  }

  /** A returning visitor: catch up and listen, so the launcher can show unread replies. */
  start() {
    if (this.state.token)
      void this.load()
        .then(() => this.connectIfTalking())
        .catch(() => {});
  }

  /** The box opened: make sure there is a session and history, and a socket if there is a conversation. */
  async opened() {
    if (!this.state.menu) void this.loadMenu();
    try {
      await this.ensureSession();
      if (!this.state.loaded) await this.load();
      this.connectIfTalking();
      this.markRead();
    } catch {
      this.store.set({ connection: 'offline' });
    }
  }

  /** History or sends waiting: replies may come, so listen. */
  private connectIfTalking() {
    if (this.state.messages.length > 0) this.connect();
  }

  private async loadMenu() {
    try {
      const menu = await getWidgetMenu(this.api, this.host.widgetId);
      this.store.set({ menu: menu?.buttons?.length ? menu : null });
    } catch {
      // No menu is shown; the chat itself still works.
    }
  }

  private async verify(extra: Record<string, unknown> = {}): Promise<VerifyData> {
    const answer = await verifyWidget(this.api, {
      widget_id: this.host.widgetId,
      user: this.host.user,
      // The bot's cards (a location's buttons and hours) come in the widget's language.
      lang: this.host.locale,
      ...extra,
    });
    const data = answer.data as VerifyData;
    if (data.session_id !== this.state.token) {
      write(this.host.storeKey('session'), data.session_id);
      this.store.set({ token: data.session_id, messages: unconfirmed(this.state.messages), loaded: false });
    }
    this.store.set({ visitorId: data.visitor_id, profile: data.profile });
    write(this.host.storeKey('profile'), JSON.stringify(data.profile));
    return data;
  }

  ensureSession(): Promise<string> {
    if (this.state.token && this.state.visitorId) return Promise.resolve(this.state.token);
    this.sessionPromise ??= this.verify()
      .then((d) => d.session_id)
      .finally(() => {
        this.sessionPromise = null;
      });
    return this.sessionPromise;
  }

  /** The latest page of history (or, on a catch-up, what came after the newest message heard). */
  async load() {
    const catchUp = this.state.loaded;
    const after = catchUp ? this.heard : null;
    try {
      const page = await this.api.get<{
        chat: ChatMessage[];
        total_count: number;
        closed_chat?: { livechat_id: string };
      }>('/service/widget/messages', {
        ...(after ? { after } : { skip: 0, limit: PAGE_SIZE }),
      });
      // A catch-up after a reconnect announces what arrived meanwhile; the first page is history.
      this.receive(page.chat, catchUp);
      if (!catchUp) this.heard = null;
      this.hear(page.chat);
      this.store.set({
        loaded: true,
        ...(after ? {} : { olderAvailable: page.total_count > page.chat.length }),
      });
      // Closed while this page had no socket (or the event came before it joined): ask now.
      if (page.closed_chat) this.chatClosed(page.closed_chat.livechat_id);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) this.forgetSession();
      throw err;
    }
  }

  async loadOlder() {
    const confirmed = this.state.messages.filter((m) => !m.statusSendMessage).length;
    const page = await getWidgetMessages(this.api, { skip: confirmed, limit: PAGE_SIZE });
    this.receive(page.chat as ChatMessage[], false);
    this.store.set({
      olderAvailable: confirmed + page.chat.length < (page as { total_count?: number }).total_count!,
    });
  }

  private forgetSession() {
    write(this.host.storeKey('session'), null);
    this.store.set({
      token: null,
      visitorId: null,
      loaded: false,
      messages: unconfirmed(this.state.messages),
    });
    this.disconnect();
  }

  private connect() {
    const token = this.state.token;
    if (!token || this.socket || this.socketFor) return;
    this.socketFor = token;
    this.store.set({ connection: 'connecting' });
    import('./socket').then(
      (socketModule) => {
        if (this.socketFor === token) this.open(socketModule, token);
      },
      () => {
        // The socket code could not load (offline): the next send or open tries again.
        if (this.socketFor === token) this.socketFor = null;
        this.store.set({ connection: 'offline' });
      },
    );
  }

  private open({ createWidgetSocket, bindWidgetSocketActions }: typeof import('./socket'), token: string) {
    const socket = createWidgetSocket(this.host.server, { widget_id: this.host.widgetId, session_id: token });
    this.socket = socket;
    this.unbind = bindWidgetSocketActions(socket as unknown as EventSource, (action) =>
      this.dispatch(action),
    );
    socket.on('connect', () => {
      // A reload while a send was on its way (or had failed) sends it now, as a reconnect does: its
      // temp id keeps it stored once, and the catch-up first confirms one the server already has.
      const reconnected = this.wasOnline || this.state.connection === 'offline' || this.restored;
      this.restored = false;
      this.wasOnline = true;
      this.store.set({ connection: 'online' });
      // What arrived while the socket was down, then the sends that failed meanwhile.
      // A catch-up that fails is asked again while this connection lasts (a drop, or a lost
      // session that closes the socket, ends it; the next connect catches up itself).
      const caughtUp = catchUpOnConnection(socket, () =>
        this.load().then(
          () => true,
          () => false,
        ),
      );
      void caughtUp.then((done) => {
        if (done && reconnected)
          for (const m of this.state.messages)
            if (m.statusSendMessage === 'fail') void this.resend(m.temp_id!);
      });
    });
    socket.on('disconnect', () => this.store.set({ connection: 'offline' }));
    socket.on('connect_error', (err) => {
      this.store.set({ connection: 'offline' });
      if (err.message === 'Unauthorization') this.forgetSession();
    });
    socket.connect();
  }

  private disconnect() {
    this.unbind?.();
    this.socket?.disconnect();
    this.socket = null;
    this.socketFor = null;
    this.unbind = null;
  }

  private reconnect() {
    this.disconnect();
    this.start();
  }

  /** The team closed the chat (the socket's event, or a catch-up that found it closed). */
  private chatClosed(livechatId: string | null) {
    // Asked once per chat: not again for one already rated (another tab, a repeated event).
    if (livechatId !== null && this.state.rating?.livechatId === livechatId) return;
    const rated = livechatId !== null && readStore(this.host.storeKey('rated')) === livechatId;
    this.store.set({ ended: true, rating: rated ? null : { livechatId, score: 0, status: 'ask' } });
  }

  /** Socket events, as SOCKET_ actions (spec 7). */
  dispatch(action: WidgetSocketAction) {
    switch (action.type) {
      case 'SOCKET_NEW_MESSAGE':
        this.receive([action.payload as ChatMessage], true);
        this.hear([action.payload as ChatMessage]);
        break;
      case 'SOCKET_SESSION_EXPIRED':
        // Another tab began a new conversation: the old one's messages go, sends waiting stay. The
        // tab that asked let them go when it sent, and may already show the new conversation.
        if (Date.now() - this.renewedAt > RENEW_ECHO_MS)
          this.store.set({ messages: unconfirmed(this.state.messages) });
        this.store.set({ visitorId: null, ended: false });
        void this.verify().catch(() => {});
        break;
      case 'SOCKET_CHAT_CLOSED':
        this.chatClosed(action.payload?.livechat_id ?? null);
        break;
      case 'SOCKET_SETTINGS_UPDATED':
        this.host.applyInfo(action.payload as LauncherInfo);
        break;
      case 'SOCKET_MESSAGE_STATUS': {
        const { id, statusSendMessage } = action.payload;
        this.store.set({
          messages: this.state.messages.map((m) =>
            m.id === id ? { ...m, statusSendMessage: statusSendMessage === 'fail' ? 'fail' : null } : m,
          ),
        });
        break;
      }
    }
  }

  /** Moves the catch-up anchor to the newest of messages the socket or a page load brought. */
  private hear(incoming: readonly ChatMessage[]) {
    const id = incoming.at(-1)?.id;
    if (id) this.heard = id;
  }

  private receive(incoming: ChatMessage[], announce: boolean) {
    if (incoming.length === 0) return;
    const known = new Set(this.state.messages.map((m) => m.id));
    this.store.set({ messages: mergeMessages(this.state.messages, incoming) });
    this.saveOutbox();
    if (announce) {
      for (const message of incoming) {
        if (!known.has(message.id) && message.from !== 'visitor')
          this.host.dispatchEvent(new CustomEvent('chat-widget:message', { detail: { message } }));
      }
    }
    if (this.host.isOpen && document.visibilityState === 'visible') this.markRead();
    else this.host.setUnread(unreadCount(this.state.messages, readStore(this.host.storeKey('read'))));
  }

  markRead() {
    const last = lastConfirmedId(this.state.messages);
    if (last) write(this.host.storeKey('read'), last);
    this.host.setUnread(0);
  }

  private saveOutbox() {
    // A file's message too: its file is already uploaded (to this session), so Resend works after a reload.
    const pending = unconfirmed(this.state.messages);
    write(this.host.storeKey('outbox'), pending.length ? JSON.stringify(pending) : null);
  }

  setDraft(text: string) {
    this.store.set({ draft: text });
    write(this.host.storeKey('draft'), text || null);
  }

  /** The pre-chat form: checked here and again by the server. */
  async submitForm(values: Record<string, string>) {
    await this.ensureSession();
    await this.verify({ form: values });
  }

  /** Sends the visitor's stars for the chat that ended, once; a failure may be tried again. */
  async rate(score: number) {
    const prompt = this.state.rating;
    if (!prompt || prompt.status === 'sending' || prompt.status === 'sent') return;
    this.store.set({ rating: { ...prompt, score, status: 'sending' } });
    try {
      await this.api.post('/service/widget/rating', {
        widget_id: this.host.widgetId,
        score,
        ...(prompt.livechatId ? { livechat_id: prompt.livechatId } : {}),
      });
      if (prompt.livechatId) write(this.host.storeKey('rated'), prompt.livechatId);
      this.store.set({ rating: { ...prompt, score, status: 'sent' } });
    } catch {
      this.store.set({ rating: { ...prompt, score, status: 'failed' } });
    }
  }

  newConversation() {
    this.renewNext = true;
    this.store.set({ messages: [], ended: false, rating: null, olderAvailable: false });
    this.saveOutbox();
    this.markRead();
  }

  private event(tempId: string, body: Partial<WidgetWebhookEvent>): WidgetWebhookEvent {
    const renew = this.renewNext || this.state.ended;
    return {
      id: tempId,
      source: { type: 'widget', userId: this.state.visitorId ?? '' },
      timestamp: Date.now(),
      sess_expired: renew,
      type: 'message',
      ...body,
    } as WidgetWebhookEvent;
  }

  private async post(event: WidgetWebhookEvent) {
    if (event.sess_expired) {
      // A new conversation (spec 7 sess_expired): the ended one leaves the view, as after a reload.
      this.renewedAt = Date.now();
      this.store.set({ messages: unconfirmed(this.state.messages) });
    }
    const answer = (await sendWidgetEvents(this.api, this.host.widgetId, [event])) as EventsAnswer;
    if (event.sess_expired) {
      this.renewNext = false;
      this.store.set({ ended: false });
    }
    this.store.set({ visitorId: answer.visitor_id });
    const messages = answer.results.flatMap((r) => (r.message ? [r.message] : []));
    this.receive(messages, false);
    if (messages.length) this.markRead();
  }

  /** Sends the visitor's text at once as wait_socket; the answer confirms it or marks it fail. */
  async send(text: string, extra: Partial<WidgetWebhookEvent> = {}, tempId = newTempId()) {
    const items: MessageItem[] = [{ type: 'text', text }];
    this.store.set({
      messages: addPending(
        this.state.messages,
        pendingMessage(tempId, { type: 'text', message: text, items }, new Date()),
      ),
    });
    this.saveOutbox();
    await this.deliver(tempId, { message: { type: 'text', text }, ...extra });
  }

  /** Posts a message event; on any failure the message is marked fail (spec 8). */
  async deliver(tempId: string, body: Partial<WidgetWebhookEvent>) {
    try {
      await this.ensureSession();
      this.connect();
      await this.post(this.event(tempId, { ...body, ...this.formPart() }));
    } catch (err) {
      this.store.set({ messages: failMessage(this.state.messages, tempId) });
      this.saveOutbox();
      if (err instanceof ApiError && err.status === 401) this.forgetSession();
      if (err instanceof ApiError && err.status === 429)
        this.store.set({ notice: { text: 'errors.tooMany' } });
    }
  }

  private formPart(): Partial<WidgetWebhookEvent> {
    const form = this.state.profile.form;
    return this.state.profile.form_done && Object.keys(form).length ? { form } : {};
  }

  /** A failed send goes again with the same temp id, so the server never stores it twice. */
  async resend(tempId: string) {
    const message = this.state.messages.find((m) => m.temp_id === tempId);
    if (message?.statusSendMessage !== 'fail') return;
    this.store.set({ messages: retryMessage(this.state.messages, tempId) });
    if (message.type === 'text')
      await this.deliver(tempId, { message: { type: 'text', text: message.message } });
    else await this.deliver(tempId, { message: { type: message.type, text: message.message } });
  }

  /**
   * A postback tap. Its display text shows as the visitor's words; for one of our actions
   * (core/template postbackData, `action=…`) their temp id starts `postback:`, so the bot leaves
   * them to the action (server/automation/bot.ts) and answers once, as on LINE. A message action
   * says its own text for the visitor (it arrives as their message), so it needs no echo.
   */
  async postback(data: string, extra: { menuId?: string; menuButtonId?: string; displayText?: string } = {}) {
    const { displayText, ...ids } = extra;
    const action = /^action=(\w+)/.exec(data)?.[1];
    if (displayText && action !== 'message') {
      await this.send(displayText, ids, action ? `postback:${newTempId()}` : undefined);
    }
    try {
      await this.ensureSession();
      this.connect();
      await sendWidgetEvents(this.api, this.host.widgetId, [
        this.event(newTempId(), { type: 'postback', postback: { data }, ...ids }),
      ]);
    } catch {
      // A lost tap has no message to mark; the visitor can tap again.
    }
  }

  /**
   * Checks, uploads with progress (4 at a time), then sends the files in the order picked; more
   * than spec 5's 5 are left out, and the visitor told. The code for it loads on first use.
   */
  async sendFiles(files: readonly File[]) {
    const { sendAttachments } = await import('./attachments');
    await sendAttachments(this, files);
  }

  cancelUpload(tempId: string) {
    this.handles.get(tempId)?.cancel();
  }

  dismissNotice() {
    this.store.set({ notice: null });
  }
}

const controllers = new WeakMap<ChatWidgetElement, Controller>();

export function controllerOf(host: ChatWidgetElement): Controller {
  let controller = controllers.get(host);
  if (!controller) {
    controller = new Controller(host);
    controllers.set(host, controller);
  }
  return controller;
}
