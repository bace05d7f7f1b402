// The open chat: selecting and closing it (spec 4), its messages, sending with optimistic states,
// take / accept / close / assign, and the switch-mode countdown.
import { batch } from '@preact/signals-react';
import { getsCountdown } from '../../core/access/countdown';
import { applyMessageStatus, isOlderThanListed } from '../../core/chat/messageStatus';
import {
  confirmMessage,
  failMessage,
  resendMessage as markResending,
  newTempId,
  pendingMessage,
} from '../../core/chat/outgoing';
import { switchModeState } from '../../core/chat/switchMode';
import { MESSAGE_PAGE_SIZE, type Message, type MessageItem } from '../../core/models/message';
import { AGENT_CLIENT_EVENTS } from '../../core/realtime/events';
import { knownMessage } from '../app/localMessage';
import { agentSocket } from '../realtime/socket';
import { ApiError } from '../session/api';
import { profile } from '../session/state';
import type { LiveFollower, LiveMessage } from './calls';
import * as calls from './calls';
import { applyLiveFollower } from './listActions';
import {
  countdownEnds,
  countdownSeconds,
  draft,
  isBusinessTime,
  lists,
  loadedFromServer,
  loadingOlder,
  master,
  media,
  messages,
  messagesState,
  notes,
  notice,
  olderExhausted,
  outbox,
  selected,
  setCountdown,
} from './state';

/** Outbox edits (see state.ts#outbox): one chat's unconfirmed sends through `change`. */
function updateOutbox(followerId: string, change: (list: LiveMessage[]) => LiveMessage[]) {
  const current = outbox.value[followerId] ?? [];
  const next = change(current);
  if (next === current) return;
  const all = { ...outbox.value };
  if (next.length === 0) delete all[followerId];
  else all[followerId] = next;
  outbox.value = all;
}

const settleOutbox = (followerId: string, tempId: string | null | undefined) => {
  if (tempId)
    updateOutbox(followerId, (list) =>
      list.some((m) => m.temp_id === tempId) ? list.filter((m) => m.temp_id !== tempId) : list,
    );
};

function socketEmit(event: 'JOIN_CHAT' | 'LEAVE_CHAT', followerId: string) {
  agentSocket.value?.emit(AGENT_CLIENT_EVENTS[event], followerId);
}

const userId = () => profile.value?._id ?? '';
const me = () => ({ _id: userId(), display_name: profile.value?.display_name ?? '' });

/** Joins the open chat's room again, after the socket reconnected. */
export function rejoinSelected() {
  const f = selected.value;
  if (f) socketEmit('JOIN_CHAT', f._id);
}

let selectRequest = 0;

/** Spec 4: leave the previous room, clear messages, load 20 messages and the media, join the room. */
export async function selectChat(f: LiveFollower) {
  const previous = selected.value;
  if (previous?._id === f._id) return;
  const request = ++selectRequest;
  if (previous) socketEmit('LEAVE_CHAT', previous._id);
  batch(() => {
    selected.value = f;
    // Its unconfirmed sends show at once, before the page arrives.
    messages.value = outbox.value[f._id] ?? [];
    media.value = [];
    notes.value = [];
    draft.value = '';
    loadedFromServer.value = 0;
    olderExhausted.value = false;
    messagesState.value = 'loading';
  });
  socketEmit('JOIN_CHAT', f._id);
  const [page, files] = await Promise.allSettled([
    calls.getMessages(f._id, 0, MESSAGE_PAGE_SIZE),
    calls.getMedia(f._id),
  ]);
  if (request !== selectRequest) return;
  batch(() => {
    if (page.status === 'fulfilled') {
      // Live messages that arrived while the page loaded are kept (deduped by _id), and this
      // chat's unconfirmed sends come back after them.
      const list = withUnconfirmed(page.value.list, messages.value);
      for (const m of outbox.value[f._id] ?? [])
        if (!list.some((x) => x.temp_id === m.temp_id && x.status_send_message))
          settleOutbox(f._id, m.temp_id);
      messages.value = list;
      loadedFromServer.value = page.value.list.length;
      olderExhausted.value = page.value.list.length < MESSAGE_PAGE_SIZE;
      isBusinessTime.value = page.value.message?.is_business_time ?? true;
      messagesState.value = 'ready';
    } else messagesState.value = 'error';
    if (files.status === 'fulfilled') media.value = files.value.list ?? [];
  });
  void refreshCountdown(f);
}

/**
 * Opens the chat another screen links to (/live?follower=…, e.g. the Log): from the lists when
 * it is there, else the follower as the server sends it (GET /api/contact/follower/{id}).
 */
export async function openChatById(followerId: string) {
  const { pinned, followers } = lists.value;
  const known = [...pinned, ...followers].find((f) => f._id === followerId);
  try {
    await selectChat(known ?? (await calls.getContact(followerId)).follower);
  } catch {
    notice.value = { kind: 'error', text: 'live.openFailed' };
  }
}

/**
 * A loaded page plus what the console holds beyond it: live messages (deduped by _id) and
 * unconfirmed sends (pending or failed), which a stored copy with the same temp_id replaces.
 */
export function withUnconfirmed(page: readonly LiveMessage[], held: readonly LiveMessage[]): LiveMessage[] {
  let list = [...page];
  const stored = new Set(page.map((m) => m.temp_id).filter(Boolean));
  for (const m of held) {
    if (m.status_send_message) {
      if (!(m.temp_id && stored.has(m.temp_id))) list = [...list, m];
    } else list = confirmMessage(list, m) as LiveMessage[];
  }
  return list;
}

/** Spec 4: closing leaves the room, clears the draft and deselects. */
export function closeSelection() {
  const f = selected.value;
  selectRequest++;
  if (f) socketEmit('LEAVE_CHAT', f._id);
  batch(() => {
    selected.value = null;
    messages.value = [];
    media.value = [];
    notes.value = [];
    draft.value = '';
    messagesState.value = 'idle';
  });
}

/** Older messages, 20 at a time (spec 9); skip counts from the newest stored message. */
export async function loadOlder() {
  const f = selected.value;
  if (!f || loadingOlder.value || olderExhausted.value) return;
  loadingOlder.value = true;
  try {
    const page = await calls.getMessages(f._id, loadedFromServer.value, MESSAGE_PAGE_SIZE);
    if (selected.value?._id !== f._id) return;
    const known = new Set(messages.value.map((m) => m._id).filter(Boolean));
    const older = page.list.filter((m) => !m._id || !known.has(m._id));
    batch(() => {
      messages.value = [...older, ...messages.value];
      loadedFromServer.value += page.list.length;
      olderExhausted.value = page.list.length < MESSAGE_PAGE_SIZE;
    });
  } catch {
    notice.value = { kind: 'error', text: 'live.loadFailed' };
  } finally {
    loadingOlder.value = false;
  }
}

/** A message for the open chat from the server (socket or HTTP answer): confirmed or appended. */
export function receiveMessage(followerId: string, message: LiveMessage) {
  if (!message) return;
  settleOutbox(followerId, message.temp_id);
  if (selected.value?._id !== followerId) return;
  const known = message._id ? messages.value.find((m) => m._id === message._id) : undefined;
  if (known && !known.status_send_message) return;
  // A failure the socket told before this (still pending) copy came stays.
  if (isOlderThanListed(known, message)) return;
  messages.value = confirmMessage(messages.value, message) as LiveMessage[];
  if (message._id && !known) loadedFromServer.value += 1;
}

export function receiveStatus(followerId: string, message: LiveMessage) {
  if (selected.value?._id !== followerId || !message) return;
  messages.value = applyMessageStatus(messages.value, message);
}

type Sender = (tempId: string) => Promise<{ message: LiveMessage; follower?: LiveFollower }>;
const senders = new Map<string, Sender>();

/** Sends a pending message; resend() runs the same sender again with the same temp id. */
export async function deliver(followerId: string, tempId: string, send: Sender) {
  senders.set(tempId, send);
  try {
    const result = await send(tempId);
    senders.delete(tempId);
    if (result.follower) applyLiveFollower(result.follower);
    receiveMessage(followerId, result.message);
    if (result.message.status_send_message === 'fail') receiveStatus(followerId, result.message);
    void afterSend(followerId);
  } catch (err) {
    const aborted =
      (err as Error)?.name === 'AbortError' || (err instanceof ApiError && err.code === 'aborted');
    if (aborted) {
      senders.delete(tempId);
      dropPending(followerId, tempId);
      return;
    }
    // Failed, whichever chat is open now: kept in its chat, resendable.
    batch(() => {
      updateOutbox(followerId, (list) => failMessage(list, tempId) as LiveMessage[]);
      if (selected.value?._id === followerId)
        messages.value = failMessage(messages.value, tempId) as LiveMessage[];
    });
  }
}

function optimistic(followerId: string, items: MessageItem[]): string {
  const tempId = newTempId();
  const pending = pendingMessage({ temp_id: tempId, items, now: new Date(), user: me() }) as LiveMessage;
  batch(() => {
    messages.value = [...messages.value, pending];
    updateOutbox(followerId, (list) => [...list, pending]);
  });
  return tempId;
}

/** Text the composer already checked (blank text is never sent). */
export function sendText(text: string) {
  const f = selected.value;
  if (!f) return;
  const tempId = optimistic(f._id, [{ type: 'text', text }]);
  void deliver(f._id, tempId, (id) =>
    calls.sendText({
      liveChatId: f.last_livechat?.livechat_id ?? null,
      userId: userId(),
      followerId: f._id,
      message: text,
      tempId: id,
    }),
  );
}

export function sendSticker(packageId: string, stickerId: string) {
  const f = selected.value;
  if (!f) return;
  const tempId = optimistic(f._id, [{ type: 'sticker', packageId, stickerId }]);
  void deliver(f._id, tempId, (id) =>
    calls.sendSticker({
      liveChatId: f.last_livechat?.livechat_id ?? null,
      userId: userId(),
      followerId: f._id,
      sticker_id: stickerId,
      package_id: packageId,
      tempId: id,
    }),
  );
}

export function sendTemplate(replyMessageId: string, label: string) {
  const f = selected.value;
  if (!f) return;
  const tempId = optimistic(f._id, [{ type: 'text', text: label }]);
  void deliver(f._id, tempId, (id) =>
    calls.sendTemplate({ reply_message_id: replyMessageId, followerId: f._id, tempId: id }),
  );
}

/** A saved message template from /message-template (image maps only reach LINE chats). */
export function sendMessageTemplate(templateId: string, label: string) {
  const f = selected.value;
  if (!f) return;
  const tempId = optimistic(f._id, [{ type: 'text', text: label }]);
  void deliver(f._id, tempId, (id) =>
    calls.sendMessageTemplate(templateId, { followerId: f._id, tempId: id }),
  );
}

/** Spec 4: a fail can be resent — with the same temp id, or by id when the server holds it. */
export function resend(message: Message) {
  const f = selected.value;
  const tempId = message.temp_id;
  if (!f || !tempId) return;
  batch(() => {
    messages.value = markResending(messages.value, tempId) as LiveMessage[];
    updateOutbox(f._id, (list) => markResending(list, tempId) as LiveMessage[]);
  });
  if (message._id) {
    const id = message._id;
    void deliver(f._id, tempId, async () => ({ message: (await calls.resend(id)).message }));
    return;
  }
  const send = senders.get(tempId);
  if (send) void deliver(f._id, tempId, send);
}

/** Adds an uploaded file's message placeholder (used by the composer's uploads). */
export function addPending(f: LiveFollower, items: MessageItem[], tempId: string) {
  if (selected.value?._id !== f._id) return;
  const pending = pendingMessage({ temp_id: tempId, items, now: new Date(), user: me() });
  messages.value = [...messages.value, pending as LiveMessage];
}

/** A cancelled send leaves no message behind; its upload row shows 'cancel' a moment (uploads.ts). */
export function dropPending(followerId: string, tempId: string) {
  settleOutbox(followerId, tempId);
  if (selected.value?._id === followerId)
    messages.value = messages.value.filter((m) => !(m.temp_id === tempId && m.status_send_message));
}

// Switch mode (spec 4).

export async function refreshCountdown(f: LiveFollower) {
  const lc = f.last_livechat;
  if (!lc?.livechat_id) return;
  const state = switchModeState(lc, userId(), countdownSeconds(lc.livechat_id));
  if (state.status !== 'fetch') return;
  try {
    const r = await calls.getSwitchMode(lc.livechat_id);
    setCountdown(lc.livechat_id, r.count_down_second);
  } catch {
    // No countdown shown; switch mode follows the server.
  }
}

async function afterSend(followerId: string) {
  const f = selected.value;
  const lc = f?.last_livechat;
  if (!f || f._id !== followerId || !lc?.livechat_id || !getsCountdown(lc, userId())) return;
  try {
    const r = await calls.switchMode('set', lc.livechat_id);
    setCountdown(lc.livechat_id, r.count_down_second);
  } catch {
    // Keeps the last known countdown.
  }
}

export async function extendCountdown() {
  const lc = selected.value?.last_livechat;
  if (!lc?.livechat_id) return;
  const r = await calls.switchMode('extend', lc.livechat_id);
  setCountdown(lc.livechat_id, r.count_down_second);
}

export async function clearCountdown() {
  const lc = selected.value?.last_livechat;
  if (!lc?.livechat_id) return;
  await calls.switchMode('clear', lc.livechat_id);
  const next = { ...countdownEnds.value };
  delete next[lc.livechat_id];
  countdownEnds.value = next;
  setCountdown(lc.livechat_id, 0);
}

// Take / accept / close / assign.

function liveChatOf(f: LiveFollower) {
  const id = f.last_livechat?.livechat_id;
  if (!id) throw new Error('live.noLiveChat');
  return id;
}

async function act(run: () => Promise<void>) {
  try {
    await run();
  } catch (err) {
    const body = (err as { body?: { message?: string; business_hour?: unknown } }).body;
    // The server's reason when it gives one we can say in the user's language ("already taken …").
    notice.value = {
      kind: 'error',
      text:
        body?.business_hour !== undefined
          ? 'live.outsideBusinessHours'
          : (knownMessage(body?.message) ?? 'live.actionFailed'),
    };
  }
}

export const take = (f: LiveFollower) =>
  act(async () => {
    // A missed, expired or done chat (or one without a live chat) starts a new live chat when taken.
    const r = await calls.takeChat({
      followerId: f._id,
      userId: userId(),
      liveChatId: f.last_livechat?.livechat_id ?? '',
    });
    if (r.follower) applyLiveFollower(r.follower);
    const taken = r.follower?.last_livechat?.livechat_id;
    if (taken && typeof r.count_down_second === 'number') setCountdown(taken, r.count_down_second);
  });

export const accept = (f: LiveFollower) =>
  act(async () => {
    const r = await calls.acceptChat({ liveChatId: liveChatOf(f), userId: userId() });
    if (r.follower) applyLiveFollower(r.follower);
  });

export const close = (f: LiveFollower) =>
  act(async () => {
    const r = await calls.closeChat({ liveChatId: liveChatOf(f), userId: userId() });
    if (r.follower) applyLiveFollower(r.follower);
    closeSelection();
  });

export const assign = (f: LiveFollower, to: { userId?: string; queueId?: string }) =>
  act(async () => {
    const r = await calls.assignChat({ followerId: f._id, liveChatId: liveChatOf(f), ...to });
    if (r.follower) applyLiveFollower(r.follower);
  });

export const toggleFollow = (f: LiveFollower) =>
  act(async () => {
    const r = await calls.followChat(f._id, !f.is_follow);
    if (r.follower) applyLiveFollower(r.follower);
  });

export const toggleSpam = (f: LiveFollower) =>
  act(async () => {
    const r = await calls.markSpam(f._id, !f.is_spam);
    if (r.follower) applyLiveFollower(r.follower);
  });

export const switchModeSetting = () => master.value?.setting.switch_mode_time;
