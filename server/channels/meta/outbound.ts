// Agents' messages to Messenger and Instagram: POST /{page-id}/messages, one call per part,
// messaging_type RESPONSE (an answer within Meta's 24-hour window; outside it Meta refuses, and the
// message fails with Meta's reason). Parts already accepted are not sent again on a retry.
import type { ChannelAdapter } from '../adapters';
import { PermanentDeliveryError } from '../adapters';
import { describeErrors, resolveItems } from '../outgoingItems';
import { sendParts } from '../sentParts';
import { channelForDelivery, setting } from '../store';
import { graphCall, platformName } from './client';
import { type MetaOutMessage, toMetaMessages } from './messages';

export const metaAdapter: ChannelAdapter = {
  async deliver(ctx, { follower, message }) {
    const channel = await channelForDelivery(ctx, follower.channel_id, ['messenger', 'instagram']);
    const type = channel.type === 'instagram' ? 'instagram' : 'messenger';
    const { messages, errors } = toMetaMessages(await resolveItems(ctx, message.messages_sent), type);
    if (errors.length > 0) throw new PermanentDeliveryError(describeErrors(platformName(channel), errors));
    const pageId = setting(channel, 'page_id');
    const externalId = await sendParts<MetaOutMessage>(
      ctx,
      channel,
      { messageId: message._id, followerId: follower._id },
      messages,
      async (part) => {
        const answer = await graphCall<{ message_id?: string }>(ctx, channel, 'POST', `/${pageId}/messages`, {
          body: { recipient: { id: follower.external_id }, messaging_type: 'RESPONSE', message: part },
        });
        return answer?.message_id ?? '';
      },
    );
    return { externalId };
  },
};
