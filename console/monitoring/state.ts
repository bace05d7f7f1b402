// The monitoring screen's data: one overview from the server, fetched again (at most once a
// second) whenever the agents' socket tells of a change — a chat opened, taken, closed, missed,
// an agent connecting or changing availability — so the view follows the team without reloads.
// Timers between two fetches run on the clock (waiting and chat times are counted on screen).
import { signal } from '@preact/signals-react';
import { AGENT_SERVER_EVENTS } from '../../core/realtime/events';
import { agentSocket } from '../realtime/socket';
import { getOverview, type Overview } from './calls';

export const overview = signal<Overview | null>(null);
/** When the shown overview was made (ms, this browser's clock). */
export const fetchedAt = signal(0);
export const loadError = signal<string | null>(null);

const MIN_GAP_MS = 1000;
/** A quiet team still gets fresh figures now and then. */
const IDLE_REFRESH_MS = 30_000;

let inFlight = false;
let again = false;
let lastStart = 0;
let timer: ReturnType<typeof setTimeout> | null = null;

export async function refresh(): Promise<void> {
  if (inFlight) {
    again = true;
    return;
  }
  inFlight = true;
  lastStart = Date.now();
  try {
    const next = await getOverview();
    overview.value = next;
    fetchedAt.value = Date.now();
    loadError.value = null;
  } catch (err) {
    loadError.value = (err as Error).message;
  } finally {
    inFlight = false;
    if (again) {
      again = false;
      schedule();
    }
  }
}

/** Asks for a refresh soon, merging bursts of events into one call. */
export function schedule() {
  if (timer) return;
  const wait = Math.max(0, MIN_GAP_MS - (Date.now() - lastStart));
  timer = setTimeout(() => {
    timer = null;
    void refresh();
  }, wait);
}

const WATCHED = [
  AGENT_SERVER_EVENTS.ADD_CHAT,
  AGENT_SERVER_EVENTS.GET_CHAT,
  AGENT_SERVER_EVENTS.START_CHAT,
  AGENT_SERVER_EVENTS.CLOSE_CHAT,
  AGENT_SERVER_EVENTS.MISSED_CHAT,
  AGENT_SERVER_EVENTS.FOLLOWER_PROFILE_UPDATE,
  AGENT_SERVER_EVENTS.FETCH_FOLLOWERS,
  AGENT_SERVER_EVENTS.AGENT_PRESENCE,
  AGENT_SERVER_EVENTS.EXTEND_CHAT_TIME,
] as const;

/** Starts following the team; returns the stop function (the page calls it when it closes). */
export function watch(): () => void {
  void refresh();
  const idle = setInterval(schedule, IDLE_REFRESH_MS);
  let attached: ReturnType<typeof agentSocket.peek> = null;
  const onEvent = () => schedule();
  const attach = () => {
    const socket = agentSocket.value;
    if (socket === attached) return;
    for (const e of WATCHED) attached?.off(e, onEvent);
    attached?.off('connect', onEvent);
    attached = socket;
    for (const e of WATCHED) socket?.on(e, onEvent);
    socket?.on('connect', onEvent);
  };
  const stopSocket = agentSocket.subscribe(attach);
  return () => {
    clearInterval(idle);
    stopSocket();
    for (const e of WATCHED) attached?.off(e, onEvent);
    attached?.off('connect', onEvent);
    if (timer) clearTimeout(timer);
    timer = null;
  };
}

/** Seconds a figure has grown since the overview was fetched. */
export function aged(seconds: number | null, now: number): number | null {
  if (seconds === null) return null;
  return seconds + Math.max(0, Math.floor((now - fetchedAt.value) / 1000));
}
