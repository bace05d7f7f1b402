// Builds followers through the real struct so defaults are the model's own.
import { create } from 'superstruct';
import { Follower, type LiveChat } from '../../../core/models/chat';

export function follower(
  id: string,
  fields: Record<string, unknown> = {},
  livechat: Partial<LiveChat> | null = {},
): Follower {
  return create(
    {
      _id: id,
      ...fields,
      last_livechat: livechat === null ? null : { livechat_id: `lc-${id}`, ...livechat },
    },
    Follower,
  );
}

export const viewer = { userId: 'me', allowedQueueIds: ['q-allowed'] };
