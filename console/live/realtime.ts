// Live channel events (spec 7) into the inbox state, and the reconnect call after the socket
// comes back without recovering what it missed. Every event is idempotent (dedupe by _id).
import { batch, effect } from '@preact/signals-react';
import { catchUpOnConnection } from '../../core/realtime/catchUp';
import type { AgentSocketAction } from '../../core/realtime/socketActions';
import { bindAgentSocketActions } from '../../core/realtime/socketActions';
import { agentSocket } from '../realtime/socket';
import { getReconnect, type LiveFollower, type LiveMessage } from './calls';
import { receiveMessage, receiveStatus, rejoinSelected } from './chatActions';
import { applyLiveFollower, loadFirstPage, mergeFirstPage, patchFollower } from './listActions';
import { markUpdate } from './perf';
import {
  assigneeFilter,
  chatType,
  contactRevision,
  filterKey,
  lists,
  loadedFromServer,
  loadedKey,
  media,
  messages,
  noteCountdowns,
  notes,
  selected,
  setCountdown,
  totalCount,
} from './state';

export function handleAgentEvent(action: AgentSocketAction) {
  switch (action.type) {
    case 'SOCKET_ADD_CHAT':
    case 'SOCKET_START_CHAT':
    case 'SOCKET_CLOSE_CHAT':
    case 'SOCKET_MISSED_CHAT':
    case 'SOCKET_FOLLOWER_PROFILE_UPDATE':
      markUpdate();
      batch(() => {
        applyLiveFollower(action.payload.follower as LiveFollower);
        const message = (action.payload as { message?: LiveMessage }).message;
        if (message) receiveMessage(action.payload.follower._id, message);
      });
      return;
    case 'SOCKET_GET_CHAT':
      markUpdate();
      batch(() => {
        applyLiveFollower(action.payload.follower as LiveFollower);
        receiveMessage(action.payload.follower._id, action.payload.message as LiveMessage);
      });
      return;
    case 'SOCKET_MESSAGE_STATUS':
      receiveStatus(action.payload.follower_id, action.payload.message as LiveMessage);
      return;
    case 'SOCKET_EXTEND_CHAT_TIME':
      setCountdown(action.payload.livechat_id, action.payload.count_down_second);
      return;
    case 'SOCKET_NOTES':
      if (selected.value?._id === action.payload.follower_id) notes.value = action.payload.notes;
      return;
    case 'SOCKET_CONTACT_FIELD_UPDATE':
      patchFollower(action.payload.follower_id, { contact_detail: action.payload.contact_detail });
      if (selected.value?._id === action.payload.follower_id) contactRevision.value++;
      return;
    case 'SOCKET_INTEGRATION_UPDATE':
      patchFollower(action.payload.follower_id, { integration: action.payload.integration });
      return;
    case 'SOCKET_FETCH_FOLLOWERS':
      void loadFirstPage();
      return;
    case 'SOCKET_AGENT_PRESENCE':
      return;
  }
}

/** After a reconnect that lost the socket's state: the lists and the open chat, fresh. False when
 *  the reconnect call failed (the first page of the list was then asked for instead). */
export async function catchUp(): Promise<boolean> {
  const open = selected.value;
  const key = filterKey.value;
  try {
    const r = await getReconnect({
      chat_type: chatType.value,
      assignee_id: assigneeFilter.value || undefined,
      limit: Math.min(100, Math.max(50, lists.value.followers.length)),
      follower_id: open?._id,
    });
    batch(() => {
      // The filter changed meanwhile: its own request brings the list; the open chat's messages
      // are the same under any filter and are still taken.
      if (filterKey.value === key) {
        lists.value = mergeFirstPage(
          lists.value,
          { pinned: r.chatlist.chat_pin.data, followers: r.chatlist.chat.data },
          loadedKey.value === key,
        );
        totalCount.value = r.chatlist.chat.total_count;
        noteCountdowns([...r.chatlist.chat_pin.data, ...r.chatlist.chat.data]);
      }
      if (open && selected.value?._id === open._id) {
        // Pending sends stay; the server's copies confirm them by temp_id.
        let list: LiveMessage[] = r.messageList ?? [];
        const known = new Set(list.map((m) => m._id));
        const older = messages.value.filter((m) => m._id && !known.has(m._id) && !m.status_send_message);
        const newest = list[list.length - 1]?.timestamp ?? 0;
        list = [...older.filter((m) => m.timestamp <= newest), ...list];
        // A send whose answer was lost but which the server stored is shown once, as stored.
        const stored = new Set(list.map((m) => m.temp_id).filter(Boolean));
        for (const m of messages.value)
          if (m.status_send_message && !(m.temp_id && stored.has(m.temp_id))) list = [...list, m];
        messages.value = list;
        loadedFromServer.value = list.filter((m) => m._id).length;
        if (r.filelist) media.value = r.filelist;
      }
    });
    return true;
  } catch {
    void loadFirstPage();
    return false;
  }
}

/** The catch-up of a connection that came back without its state, asked again while it lasts. */
export const catchUpWhileConnected = (socket: { connected: boolean; id?: string }) =>
  catchUpOnConnection(socket, catchUp);

let bound = false;

/** Binds the socket once; the inbox stays current even while another screen is shown. */
export function bindRealtime() {
  if (bound) return;
  bound = true;
  effect(() => {
    const socket = agentSocket.value;
    if (!socket) return;
    let connectedBefore = socket.connected;
    const unbind = bindAgentSocketActions(socket, handleAgentEvent);
    const onConnect = () => {
      if (connectedBefore) {
        rejoinSelected();
        if (!socket.recovered) void catchUpWhileConnected(socket);
      } else rejoinSelected();
      connectedBefore = true;
    };
    socket.on('connect', onConnect);
    return () => {
      unbind();
      socket.off('connect', onConnect);
    };
  });
}
