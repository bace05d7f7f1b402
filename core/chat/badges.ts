// The badges shown on a chat (spec 4): expired, missed, done, following, blocked, contact expired,
// assigned, queue, plus the countdown and the unread count. Returned in display order.
import { getsCountdown } from '../access/countdown';
import type { Follower } from '../models/chat';

export type ChatBadge =
  | { kind: 'expired' | 'missed' | 'done' | 'following' | 'blocked' | 'contact_expired' }
  | { kind: 'assigned'; name: string }
  | { kind: 'queue'; name: string }
  | { kind: 'countdown'; seconds: number }
  | { kind: 'unread'; count: number };

export interface BadgeContext {
  userId: string;
  /** Seconds left of the switch-mode countdown, when one is known. */
  countdown?: number | null;
  /** The channel's reply window after the customer's last message has closed (core/chat/contactWindow.ts). */
  contactExpired?: boolean;
}

export function chatBadges(f: Follower, ctx: BadgeContext): ChatBadge[] {
  const lc = f.last_livechat;
  const badges: ChatBadge[] = [];
  if (lc?.is_expired) badges.push({ kind: 'expired' });
  if (lc?.is_missed) badges.push({ kind: 'missed' });
  if (lc?.is_done) badges.push({ kind: 'done' });
  if (f.is_follow) badges.push({ kind: 'following' });
  if (f.is_block) badges.push({ kind: 'blocked' });
  if (ctx.contactExpired) badges.push({ kind: 'contact_expired' });
  if (lc?.user_id) badges.push({ kind: 'assigned', name: f.user_info?.display_name ?? '' });
  if (lc?.queue_info?.name) badges.push({ kind: 'queue', name: lc.queue_info.name });
  if (typeof ctx.countdown === 'number' && ctx.countdown > 0 && getsCountdown(lc, ctx.userId))
    badges.push({ kind: 'countdown', seconds: ctx.countdown });
  if (f.count_not_is_replied > 0) badges.push({ kind: 'unread', count: f.count_not_is_replied });
  return badges;
}
