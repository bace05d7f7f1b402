// Everything written to one socket connection during one turn of the event loop leaves in one
// system call. An agent's console hears every message of its account: at 1,000 customer messages a
// second each console got 1,000 websocket frames a second, each its own write (and wake-up of the
// reader), and those writes were the largest share of the server's main thread. Corked until the
// end of the turn (setImmediate runs after the turn's I/O), the frames a turn produced for one
// connection go out together; a lone frame waits no longer than the rest of the current turn.
import type { Socket as NetSocket } from 'node:net';
import type { Server } from 'socket.io';

interface EngineConnection {
  transport: { name: string; socket?: { _socket?: NetSocket } };
  on(event: 'upgrade', listener: () => void): void;
}

const coalesced = new WeakSet<NetSocket>();

/** Makes `raw`'s writes in one event-loop turn a single write. */
export function coalesceWrites(raw: NetSocket) {
  if (coalesced.has(raw)) return;
  coalesced.add(raw);
  const write = raw.write;
  let corked = false;
  const release = () => {
    corked = false;
    raw.uncork();
  };
  raw.write = function coalescingWrite(this: NetSocket, ...args: Parameters<NetSocket['write']>) {
    if (!corked && !raw.destroyed) {
      corked = true;
      raw.cork();
      setImmediate(release);
    }
    return write.apply(this, args);
  } as NetSocket['write'];
}

/** Applies coalesceWrites to every websocket connection of `io` (widget visitors and agents). */
export function coalesceSocketWrites(io: Server) {
  io.engine.on('connection', (conn: EngineConnection) => {
    const apply = () => {
      const raw = conn.transport.name === 'websocket' ? conn.transport.socket?._socket : undefined;
      if (raw && typeof raw.cork === 'function') coalesceWrites(raw);
    };
    apply();
    conn.on('upgrade', apply);
  });
}
