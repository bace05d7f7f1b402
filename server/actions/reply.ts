// How the runtime answers: as the bot, in the conversation (stored, shown to agents, delivered
// through the customer's channel; LINE's reply token first), each message once however often
// the run is retried (temp ids from the event). Templates go filled for this customer, with their
// web links made tracked /go links.

import { and, eq } from 'drizzle-orm';
import type { Variables } from '../../core/apis/variables';
import type { OutgoingItem } from '../../core/automation/replyConvert';
import type { MessageItem } from '../../core/models/message';
import { isFormConverted } from '../../core/template/channelPreview';
import { toFlexMessage } from '../../core/template/flex';
import { toImagemapMessage } from '../../core/template/imagemap';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import { formForCustomer } from '../apiConnections/templateValues';
import { InvalidReply, itemsForChannel } from '../automation/send';
import { findReply } from '../automation/store';
import { sendMessage } from '../chat/outbound';
import type { AppContext } from '../context';
import { trackLinks } from '../links/items';
import { messageTemplates } from '../templates/schema';
import type { ActionRun } from './run';
import { localeText } from './texts';

type TemplateRow = typeof messageTemplates.$inferSelect;

/** A template or reply that cannot go to this customer (gone, wrong channel, invalid). */
export class CannotSend extends Error {}

export async function say(run: ActionRun, items: OutgoingItem[]): Promise<void> {
  if (items.length === 0) return;
  await sendMessage(run.ctx, {
    accountId: run.accountId,
    followerId: run.follower.id,
    userId: null,
    fromType: 'bot',
    items: items as MessageItem[],
    tempId: `act:${run.channelId}:${run.eventKey}:${run.sent++}`.slice(0, 300),
  });
}

export const sayText = (run: ActionRun, text: string) =>
  say(run, [{ type: 'text', text: text.trim().slice(0, 5000) }]);

/** A customer-facing text of the actions section in the customers' language. */
export const customerWords = (run: ActionRun, key: string, vars?: Record<string, string>) =>
  localeText(run.lang, `actions.customer.${key}`, vars);

export async function findTemplate(
  ctx: AppContext,
  accountId: string,
  id: string,
): Promise<TemplateRow | null> {
  if (!id) return null;
  const [row] = await ctx.db
    .select()
    .from(messageTemplates)
    .where(and(eq(messageTemplates.accountId, accountId), eq(messageTemplates.id, id)))
    .limit(1);
  return row ?? null;
}

/** A saved template as this customer gets it: API values filled (a call now, or `values`), links tracked. */
export async function templateItems(
  run: ActionRun,
  template: TemplateRow,
  values?: Variables,
): Promise<OutgoingItem[]> {
  const form = await formForCustomer(run.ctx, run.accountId, template.form, run.follower.id, values);
  let item: OutgoingItem;
  if (template.kind === 'imagemap') {
    if (run.channelType !== 'line') throw new CannotSend('Image maps can be sent on LINE only.');
    const result = toImagemapMessage(form, { fallbackName: template.name, final: true });
    if (!result.ok) throw new CannotSend(result.errors.map((e) => `${e.field}: ${e.message}`).join('; '));
    item = result.message;
  } else {
    const result = toFlexMessage(form, { mode: 'submit', values: {}, fallbackName: template.name });
    if (!result.ok) throw new CannotSend(result.errors.map((e) => `${e.field}: ${e.message}`).join('; '));
    item = { type: 'flex', altText: result.message.altText, contents: result.message.contents };
    // Messenger, Instagram and WeChat convert the (filled) form themselves when it is delivered.
    if (isFormConverted(run.channelType)) item.source = { name: template.name, form };
  }
  return trackLinks(run.ctx, [item], {
    accountId: run.accountId,
    followerId: run.follower.id,
    source: { kind: 'template', id: template.id },
  });
}

/** A saved reply message (server/automation), converted for this customer's channel. */
export async function replyItems(run: ActionRun, replyId: string): Promise<OutgoingItem[]> {
  const reply = await findReply(run.ctx.db, run.accountId, replyId);
  if (!reply?.isActive) throw new CannotSend(SERVER_MESSAGES.replyMissing);
  try {
    return await itemsForChannel(run.ctx, run.accountId, reply, run.channelType, run.follower.id, true);
  } catch (err) {
    if (err instanceof InvalidReply)
      throw new CannotSend(err.errors.map((e) => `${e.field}: ${e.message}`).join('; '));
    throw err;
  }
}
