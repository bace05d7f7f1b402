// The message-template API (issue 6; every call is listed in docs/api.md): CRUD per account,
// search, duplicate, a per-channel preview, and "send to a chosen chat as a test". Reading needs
// the role's 'templates' area at read, changing at write; sending also needs 'chat' write.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OutgoingItem } from '../../core/automation/replyConvert';
import type { MessageItem } from '../../core/models/message';
import {
  convertForChannel,
  isFormConverted,
  PREVIEW_CHANNELS,
  type PreviewChannel,
  previewChannels,
  sendOptions,
  templateKindOf,
} from '../../core/template/channelPreview';
import { toFlexMessage } from '../../core/template/flex';
import { IMAGEMAP_MESSAGES, toImagemapMessage } from '../../core/template/imagemap';
import { LIMIT_MESSAGES } from '../../core/template/limits';
import { clipToUnits, type FieldError, MESSAGES } from '../../core/validation/rules';
import { requireArea } from '../accounts/permissions';
import { formForCustomer } from '../apiConnections/templateValues';
import { findFollower, viewerOf } from '../chat/access';
import { fieldsOf, integer, optionalString, requiredString } from '../chat/input';
import { sendMessage } from '../chat/outbound';
import { seesQueue } from '../chat/viewer';
import type { AppContext } from '../context';
import { requireAuth } from '../http/context';
import { Invalid, NotFound } from '../http/errors';
import { trackLinks } from '../links/items';
import { fitImagemapPicture } from '../media/imagemapImages';
import {
  formOf,
  InvalidTemplate,
  isImagemapKind,
  readTemplateInput,
  TEMPLATE_NAME_MAX,
  templateName,
} from './convert';
import {
  deleteTemplates,
  findTemplate,
  insertTemplate,
  listTemplates,
  TEMPLATE_NOT_FOUND,
  type TemplateRow,
  updateTemplate,
} from './store';
import { templateSummaryToWire, templateToWire } from './wire';

export const BASE = '/api/message-template';
export const LIST_LIMIT_MAX = 100;

const ID = /^[a-z0-9]{1,64}$/;
/** Added to a duplicate's name (kept as it always was). */
const COPY_SUFFIX = ' (copy)';

function idOf(params: unknown): string {
  const id = (params as { id?: string }).id ?? '';
  if (!ID.test(id)) throw new NotFound(TEMPLATE_NOT_FOUND);
  return id;
}

function dateOf(value: unknown, field: string): Date | null {
  if (value === undefined || value === null || value === '') return null;
  const date = new Date(String(value));
  if (Number.isNaN(date.getTime())) throw new Invalid(field, MESSAGES.time);
  return date;
}

function kindFilter(value: string | null) {
  if (value === null) return null;
  if (value === 'bubble' || value === 'carousel' || value === 'imagemap') return value;
  throw new Invalid('kind', MESSAGES.required);
}

function channelFilter(value: string | null): PreviewChannel | null {
  if (value === null) return null;
  if ((PREVIEW_CHANNELS as readonly string[]).includes(value)) return value as PreviewChannel;
  throw new Invalid('channel', LIMIT_MESSAGES.unknownType);
}

/** Why a saved template cannot go to a chat of this channel (what its channel preview says); [] when it can. */
function channelErrors(row: TemplateRow, channel: PreviewChannel): FieldError[] {
  const result = previewChannels(row.kind, row.form, { mode: 'submit', fallbackName: row.name })[channel];
  return result.ok ? [] : result.errors;
}

/**
 * An image map whose picture is one of the account's library pictures gets the picture's own base
 * height, and is refused (field baseUrl) when the picture is gone or LINE cannot take it.
 */
async function fittedBody(
  ctx: AppContext,
  request: FastifyRequest,
  accountId: string,
  value: unknown,
): Promise<unknown> {
  const body = fieldsOf(value);
  if (!isImagemapKind(body) || !body.form || typeof body.form !== 'object') return value;
  const fitted = await fitImagemapPicture(ctx, request, accountId, body.form as Record<string, unknown>);
  if (fitted.problems.length > 0) throw new InvalidTemplate(fitted.problems);
  return { ...body, form: fitted.form };
}

export function registerTemplateRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(`${BASE}/list`, async (request) => {
    const { accountId } = await requireArea(ctx, request, 'templates', 'read');
    const query = fieldsOf(request.query);
    // `channel`: each template also says why it could not be sent to a chat of that channel.
    const channel = channelFilter(optionalString(query, 'channel', { max: 16 }));
    const { rows, total } = await listTemplates(ctx.db, accountId, {
      search: optionalString(query, 'search', { max: TEMPLATE_NAME_MAX }),
      kind: kindFilter(optionalString(query, 'kind', { max: 16 })),
      skip: integer(query, 'skip', { min: 0, max: 1_000_000, fallback: 0 }),
      limit: integer(query, 'limit', { min: 1, max: LIST_LIMIT_MAX, fallback: 20 }),
    });
    const list = rows.map((row) => ({
      ...templateSummaryToWire(row),
      ...(channel ? { channel_errors: channelErrors(row, channel) } : {}),
    }));
    return { list, total_count: total };
  });

  app.post(`${BASE}/create`, async (request) => {
    const { accountId } = await requireArea(ctx, request, 'templates', 'write');
    const { userId } = requireAuth(request.auth);
    const input = readTemplateInput(await fittedBody(ctx, request, accountId, request.body));
    return templateToWire(await insertTemplate(ctx.db, accountId, userId, input));
  });

  // Checks and converts a form that need not be saved: what each channel would get.
  app.post(`${BASE}/preview`, async (request) => {
    const { accountId } = await requireArea(ctx, request, 'templates', 'read');
    const body = fieldsOf(await fittedBody(ctx, request, accountId, request.body));
    const imagemap = isImagemapKind(body);
    const form = formOf(body);
    const name = optionalString(body, 'name', { max: TEMPLATE_NAME_MAX });
    const kind = templateKindOf(imagemap, form);
    return { kind, channels: previewChannels(kind, form, { fallbackName: name }) };
  });

  app.delete(`${BASE}/delete`, async (request) => {
    const { accountId } = await requireArea(ctx, request, 'templates', 'write');
    const ids = fieldsOf(request.body).ids;
    if (!Array.isArray(ids) || ids.length === 0 || ids.length > LIST_LIMIT_MAX)
      throw new Invalid('ids', MESSAGES.required);
    const valid = ids.filter((id): id is string => typeof id === 'string' && ID.test(id));
    return { deleted: await deleteTemplates(ctx.db, accountId, valid) };
  });

  app.get(`${BASE}/:id`, async (request) => {
    const { accountId } = await requireArea(ctx, request, 'templates', 'read');
    return templateToWire(await findTemplate(ctx.db, accountId, idOf(request.params)));
  });

  app.put(`${BASE}/:id`, async (request) => {
    const { accountId } = await requireArea(ctx, request, 'templates', 'write');
    const { userId } = requireAuth(request.auth);
    const id = idOf(request.params);
    const input = readTemplateInput(await fittedBody(ctx, request, accountId, request.body));
    const expected = dateOf(fieldsOf(request.body).updated_at, 'updated_at');
    return templateToWire(await updateTemplate(ctx.db, accountId, id, userId, input, expected));
  });

  app.delete(`${BASE}/:id`, async (request) => {
    const { accountId } = await requireArea(ctx, request, 'templates', 'write');
    const deleted = await deleteTemplates(ctx.db, accountId, [idOf(request.params)]);
    if (deleted === 0) throw new NotFound(TEMPLATE_NOT_FOUND);
    return { deleted };
  });

  app.post(`${BASE}/:id/duplicate`, async (request) => {
    const { accountId } = await requireArea(ctx, request, 'templates', 'write');
    const { userId } = requireAuth(request.auth);
    const source = await findTemplate(ctx.db, accountId, idOf(request.params));
    const body = fieldsOf(request.body);
    // A long name gives way to the whole " (copy)", cut between graphemes (never inside an emoji).
    const name =
      body.name === undefined
        ? `${clipToUnits(source.name, TEMPLATE_NAME_MAX - COPY_SUFFIX.length)}${COPY_SUFFIX}`
        : templateName(body);
    // Converted again, so a copy is always valid under today's rules.
    const input = readTemplateInput(
      await fittedBody(ctx, request, accountId, { name, kind: source.kind, form: source.form }),
    );
    return templateToWire(await insertTemplate(ctx.db, accountId, userId, input));
  });

  app.get(`${BASE}/:id/preview`, async (request) => {
    const { accountId } = await requireArea(ctx, request, 'templates', 'read');
    const row = await findTemplate(ctx.db, accountId, idOf(request.params));
    return { kind: row.kind, channels: previewChannels(row.kind, row.form, { fallbackName: row.name }) };
  });

  // Sends the saved template into a chat the caller may see, through the inbox's own send path.
  app.post(`${BASE}/:id/send`, async (request) => {
    await requireArea(ctx, request, 'templates', 'read');
    await requireArea(ctx, request, 'chat', 'write');
    const viewer = await viewerOf(ctx, request);
    const row = await findTemplate(ctx.db, viewer.accountId, idOf(request.params));
    const body = fieldsOf(request.body);
    const followerId = requiredString(body, ['followerId', 'follower_id'], { max: 64 });
    const tempId = optionalString(body, ['tempId', 'temp_id'], { max: 100 });
    const follower = await findFollower(ctx, viewer, followerId);
    const target = { accountId: viewer.accountId, followerId: follower.id };
    const source = { kind: 'template' as const, id: row.id };
    let items: OutgoingItem[];
    if (row.kind === 'imagemap') {
      // LINE is the only platform with image maps (core/template/channelPreview.ts).
      if (follower.channelType !== 'line') throw new Invalid('kind', IMAGEMAP_MESSAGES.lineChatsOnly);
      const fitted = await fitImagemapPicture(ctx, request, viewer.accountId, row.form);
      if (fitted.problems.length > 0) throw new InvalidTemplate(fitted.problems);
      const result = toImagemapMessage(fitted.form, { fallbackName: row.name, final: true });
      if (!result.ok) throw new InvalidTemplate(result.errors);
      items = await trackLinks(ctx, [result.message], { ...target, source });
    } else {
      // Filled for this customer from the template's API (a call now), as the bot's sends are.
      const form = await formForCustomer(ctx, viewer.accountId, row.form, follower.id);
      // `values` makes the conversion final: an API placeholder that nothing fills is refused.
      const result = toFlexMessage(form, sendOptions(row.name));
      if (!result.ok) throw new InvalidTemplate(result.errors);
      const { altText, contents } = result.message;
      // Messenger, Instagram and WeChat convert the form itself when it is delivered (what their
      // previews show); a refusal there fails the message with the converter's field-named reason.
      const card = isFormConverted(follower.channelType) ? { name: row.name, form } : undefined;
      // Refused now, by field, rather than stored and failed on delivery (as an image map to a chat
      // that is not on LINE is above): a card is never sent where it cannot be shown.
      if (isFormConverted(follower.channelType)) {
        const here = convertForChannel(follower.channelType, form, sendOptions(row.name));
        if (!here.ok) throw new InvalidTemplate(here.errors);
      }
      items = await trackLinks(
        ctx,
        [{ type: 'flex', altText, contents, ...(card ? { source: card } : {}) }],
        {
          ...target,
          source,
        },
      );
    }
    const sent = await sendMessage(ctx, {
      accountId: viewer.accountId,
      followerId,
      userId: viewer.userId,
      items: items as MessageItem[],
      tempId,
      canSeeQueue: (queueId) => seesQueue(viewer, queueId),
    });
    return { message: sent.message, follower: sent.follower };
  });
}
