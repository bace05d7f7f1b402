// One socket to the agents' namespace while signed in, for the selected account.
import { effect, signal } from '@preact/signals-react';
import type { Socket } from 'socket.io-client';
import { createAgentSocket } from '../../core/realtime/sockets';
import { currentAccount, loadProfile, token } from '../session/state';

export const agentSocket = signal<Socket | null>(null);
export const socketConnected = signal(false);

effect(() => {
  const accessToken = token.value;
  const accountId = currentAccount.value?._id;
  if (!accessToken || !accountId) return;
  // core's agent socket: websocket only, reconnecting every 500 ms without limit (spec 7, 9).
  const socket: Socket = createAgentSocket(location.origin, { token: accessToken, channel_id: accountId });
  socket.on('connect', () => {
    socketConnected.value = true;
  });
  socket.on('disconnect', (reason) => {
    socketConnected.value = false;
    // The server ended it (logout elsewhere, token expired, user deactivated): asking who we are
    // answers 401, which signs out and returns to the root (spec 6).
    if (reason === 'io server disconnect') void loadProfile().catch(() => {});
  });
  agentSocket.value = socket;
  socket.connect();
  return () => {
    socket.close();
    agentSocket.value = null;
    socketConnected.value = false;
  };
});
