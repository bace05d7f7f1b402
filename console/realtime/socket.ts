// One socket to the agents' namespace while signed in, for the selected account.
import { effect, signal } from '@preact/signals-react';
import { io, type Socket } from 'socket.io-client';
import { currentAccount, token } from '../session/state';

export const agentSocket = signal<Socket | null>(null);
export const socketConnected = signal(false);

effect(() => {
  const accessToken = token.value;
  const accountId = currentAccount.value?._id;
  if (!accessToken || !accountId) return;
  const socket = io('/agent', {
    auth: { token: accessToken, channel_id: accountId },
    transports: ['websocket'],
    reconnectionDelay: 500,
    reconnectionDelayMax: 3000,
  });
  socket.on('connect', () => {
    socketConnected.value = true;
  });
  socket.on('disconnect', () => {
    socketConnected.value = false;
  });
  agentSocket.value = socket;
  return () => {
    socket.close();
    agentSocket.value = null;
    socketConnected.value = false;
  };
});
