// The Chat menu item's unread badge (spec 3 unread counts; what counts: core/access/unreadBadge.ts):
// fetched when the agent socket connects, then again shortly after any chat event, at most once
// per REFRESH_MS.
import { computed, effect, signal } from '@preact/signals-react';
import { unreadBadgeCount } from '../../core/access/unreadBadge';
import { getUnreadCounts } from '../../core/api/endpoints/chatList';
import type { UnreadCounts } from '../../core/models/chatWire';
import { AGENT_EVENTS } from '../../core/realtime/events';
import { agentSocket } from '../realtime/socket';
import { canOpen, currentRole } from '../session/access';
import { client } from '../session/api';
import { currentAccount } from '../session/state';

export const REFRESH_MS = 2000;

export const unreadCounts = signal<UnreadCounts | null>(null);
export const unreadBadge = computed(() => unreadBadgeCount(unreadCounts.value, currentRole.value));

/** Events after which someone's unread count may have changed. */
const CHANGES = [
  AGENT_EVENTS.ADD_CHAT,
  AGENT_EVENTS.GET_CHAT,
  AGENT_EVENTS.START_CHAT,
  AGENT_EVENTS.CLOSE_CHAT,
  AGENT_EVENTS.MISSED_CHAT,
  AGENT_EVENTS.FOLLOWER_PROFILE_UPDATE,
  AGENT_EVENTS.FETCH_FOLLOWERS,
];

effect(() => {
  const socket = agentSocket.value;
  const accountId = currentAccount.value?._id;
  if (!socket || !accountId || !canOpen('live')) {
    unreadCounts.value = null;
    return;
  }
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastRun = 0;
  let closed = false;
  const run = async () => {
    timer = null;
    lastRun = Date.now();
    try {
      const counts = await getUnreadCounts(client);
      if (!closed && currentAccount.value?._id === accountId) unreadCounts.value = counts;
    } catch {
      // The badge keeps its last value; the next event asks again.
    }
  };
  const schedule = () => {
    if (timer || closed) return;
    timer = setTimeout(run, Math.max(150, lastRun + REFRESH_MS - Date.now()));
  };
  socket.on('connect', schedule);
  for (const event of CHANGES) socket.on(event, schedule);
  if (socket.connected) schedule();
  return () => {
    closed = true;
    if (timer) clearTimeout(timer);
    socket.off('connect', schedule);
    for (const event of CHANGES) socket.off(event, schedule);
  };
});
