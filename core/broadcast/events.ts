// The socket event that carries a broadcast's sending progress to the account's consoles
// (namespace /agent, the account's room).
import type { BroadcastState } from './compose';

export const BROADCAST_EVENTS = { PROGRESS: 'BROADCAST_PROGRESS' } as const;

export interface BroadcastProgress {
  _id: string;
  status: BroadcastState;
  total: number;
  sent: number;
  failed: number;
}

/** Share of the recipients handled so far, 0 to 100. */
export function progressPercent(p: Pick<BroadcastProgress, 'total' | 'sent' | 'failed'>): number {
  if (!(p.total > 0)) return 0;
  return Math.min(100, Math.floor(((p.sent + p.failed) / p.total) * 100));
}
