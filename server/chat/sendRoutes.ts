// Sending in a chat (spec 7 "Chat, POST" send/*; docs/chat-api.md): text, sticker, image, files,
// saved reply templates, resend, upload. Every send is stored before it is answered and is
// idempotent by tempId (a retry answers the stored message). Files agents send are kept in the
// account's media library, in its 'Chat files' folder (made on first use), by the chat's rules.
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { channelShowsStickers, isSendableSticker } from '../../core/chat/stickers';
import type { MessageItem } from '../../core/models/message';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import type { UploadRules } from '../../core/upload/checkFiles';
import { DEFAULT_UPLOAD_LIMITS } from '../../core/upload/limits';
import { UPLOAD_WARNINGS } from '../../core/upload/warnings';
import { isSendableText } from '../../core/validation/chatText';
import { MESSAGES } from '../../core/validation/rules';
import { sendReplyMessageToChat } from '../automation/routes';
import type { AppContext } from '../context';
import { Invalid } from '../http/errors';
import { cleanInput } from '../http/inputText';
import { fileItem } from '../media/messageItem';
import { discard } from '../media/receive';
import {
  maxUploadBytes,
  type ReceivedUpload,
  receiveFile,
  type StoreTarget,
  storeMediaFile,
  storeReceivedFiles,
} from '../media/store';
import { requestOrigin } from '../media/wire';
import { findFollower, viewerOf } from './access';
import { followerToWireOne } from './followerView';
import { type Fields, fieldsOf, optionalString, requiredString } from './input';
import { OutsideBusinessHours, takeChat } from './lifecycle';
import { messagesToWire } from './messageQuery';
import { resendMessage, sendMessage } from './outbound';
import { messages } from './schema';
import { seesQueue, type Viewer, viewerQueueScope } from './viewer';

const CHAT_FILES_FOLDER = 'Chat files';
/** Spec 5's chat rules: zip, exe, gif and jfif refused on top of the allowed list. */
const CHAT_RULES: UploadRules = { inChat: true };
/** The largest file any category allows; a stream is cut one byte past it. */
export const MAX_CHAT_FILE_BYTES = maxUploadBytes(CHAT_RULES);

/** Where the files an agent sends go; refusals name `field`. */
function chatFileTarget(
  ctx: AppContext,
  request: FastifyRequest,
  viewer: Viewer,
  field: string,
): StoreTarget {
  return {
    accountId: viewer.accountId,
    folderName: CHAT_FILES_FOLDER,
    rules: CHAT_RULES,
    userId: viewer.userId,
    origin: requestOrigin(ctx, request),
    field,
  };
}

/** LINE's text message limit, and ours for every channel. */
export const MAX_TEXT_LENGTH = 5000;
/** A base64 image of the largest allowed size, with room for the JSON around it. */
const IMAGE_BODY_LIMIT = Math.ceil((MAX_CHAT_FILE_BYTES * 4) / 3) + 64 * 1024;

const followerIdOf = (body: Fields) => requiredString(body, ['followerId', 'follower_id'], { max: 64 });
const tempIdOf = (body: Fields) => optionalString(body, ['tempId', 'temp_id'], { max: 100 });

async function send(
  ctx: AppContext,
  viewer: Viewer,
  followerId: string,
  items: MessageItem[],
  tempId: string | null,
) {
  const sent = await sendMessage(ctx, {
    accountId: viewer.accountId,
    followerId,
    userId: viewer.userId,
    items,
    tempId,
    queueScope: viewerQueueScope(viewer),
  });
  if (!sent.created || sent.follower.last_livechat) return sent;
  // The first message to a contact that never had a chat (the inbox lists chats only) starts one,
  // taken by the sender as Take does, so the conversation stays in the agent's inbox. Outside
  // business hours Take is refused: the message is stored and sent all the same.
  try {
    return { ...sent, follower: (await takeChat(ctx, viewer, followerId)).follower };
  } catch (err) {
    if (err instanceof OutsideBusinessHours) return sent;
    throw err;
  }
}

/** Reads a multipart request: its fields, and its files received into the media store's holding place. */
async function readMultipart(ctx: AppContext, request: FastifyRequest) {
  const fields: Fields = {};
  const files: ReceivedUpload[] = [];
  try {
    if (!request.isMultipart()) throw new Invalid('files', MESSAGES.required);
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const file = part as MultipartFile;
        const received = await receiveFile(ctx, file.file, CHAT_RULES);
        files.push({ received, name: file.filename, declaredType: file.mimetype });
      } else fields[part.fieldname] = cleanInput((part as MultipartValue).value, part.fieldname);
    }
  } catch (err) {
    await discardAll(files);
    throw err;
  }
  return { fields, files };
}

const discardAll = (files: readonly ReceivedUpload[]) =>
  Promise.all(files.map((f) => discard(f.received.tmpPath)));

/** The messages a send with these temp ids stored before, when it stored them all (a retry). */
async function storedBefore(ctx: AppContext, followerId: string, tempIds: string[]) {
  const stored = await ctx.db
    .select()
    .from(messages)
    .where(and(eq(messages.followerId, followerId), inArray(messages.tempId, tempIds)))
    .orderBy(messages.seq);
  return stored.length === tempIds.length ? messagesToWire(ctx.db, stored) : null;
}

export function registerChatSendRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/chat/send/message', async (request) => {
    const viewer = await viewerOf(ctx, request);
    const body = fieldsOf(request.body);
    const followerId = followerIdOf(body);
    const text = body.message;
    if (!isSendableText(text)) throw new Invalid('message', MESSAGES.required);
    if (text.length > MAX_TEXT_LENGTH) throw new Invalid('message', MESSAGES.maxLength(MAX_TEXT_LENGTH));
    const result = await send(ctx, viewer, followerId, [{ type: 'text', text }], tempIdOf(body));
    return { message: result.message, follower: result.follower };
  });

  app.post('/api/chat/send/sticker', async (request) => {
    const viewer = await viewerOf(ctx, request);
    const body = fieldsOf(request.body);
    const followerId = followerIdOf(body);
    const stickerId = requiredString(body, ['sticker_id', 'stickerId'], { max: 32 });
    const packageId = requiredString(body, ['package_id', 'packageId'], { max: 32 });
    if (!isSendableSticker(packageId, stickerId))
      throw new Invalid('sticker_id', "This sticker is not in LINE's list of stickers that may be sent.");
    const follower = await findFollower(ctx, viewer, followerId);
    if (!channelShowsStickers(follower.channelType))
      throw new Invalid('sticker_id', SERVER_MESSAGES.noStickers);
    const result = await send(
      ctx,
      viewer,
      followerId,
      [{ type: 'sticker', packageId, stickerId }],
      tempIdOf(body),
    );
    return { message: result.message, follower: result.follower };
  });

  app.post('/api/chat/send/image', { bodyLimit: IMAGE_BODY_LIMIT }, async (request) => {
    const viewer = await viewerOf(ctx, request);
    const body = fieldsOf(request.body);
    const followerId = followerIdOf(body);
    const name = requiredString(body, 'name', { max: 255 });
    const encoded = requiredString(body, 'buffer').replace(/^data:[^;,]*;base64,/, '');
    const tempId = tempIdOf(body);
    const follower = await findFollower(ctx, viewer, followerId);
    // A retry of a send that already went through: answer what is stored, keep no new copy.
    const stored = tempId ? await storedBefore(ctx, followerId, [tempId]) : null;
    if (stored) return { message: stored[0], follower: await followerToWireOne(ctx.db, follower) };
    const file = await storeMediaFile(ctx, {
      ...chatFileTarget(ctx, request, viewer, 'buffer'),
      name,
      buffer: Buffer.from(encoded, 'base64'),
    });
    const result = await send(ctx, viewer, followerId, [fileItem(file)], tempId);
    return { message: result.message, follower: result.follower };
  });

  app.post('/api/chat/send/file', async (request) => {
    const viewer = await viewerOf(ctx, request);
    const { fields, files } = await readMultipart(ctx, request);
    try {
      const followerId = followerIdOf(fields);
      const tempId = tempIdOf(fields);
      const follower = await findFollower(ctx, viewer, followerId);
      if (files.length === 0) throw new Invalid('files', MESSAGES.required);
      if (files.length > DEFAULT_UPLOAD_LIMITS.maxFiles)
        throw new Invalid('files', UPLOAD_WARNINGS.checkAgain);
      // A retry of a send that already went through: answer what is stored, keep no new copies.
      const stored = tempId
        ? await storedBefore(
            ctx,
            followerId,
            files.map((_, i) => `${tempId}-${i}`),
          )
        : null;
      if (stored) {
        const wire = await followerToWireOne(ctx.db, follower);
        return { message: stored[stored.length - 1], messages: stored, follower: wire };
      }
      const kept = await storeReceivedFiles(ctx, chatFileTarget(ctx, request, viewer, 'files'), files);
      const sent = [];
      for (const [i, file] of kept.entries())
        sent.push(await send(ctx, viewer, followerId, [fileItem(file)], tempId ? `${tempId}-${i}` : null));
      const last = sent[sent.length - 1];
      return { message: last.message, messages: sent.map((s) => s.message), follower: last.follower };
    } finally {
      await discardAll(files);
    }
  });

  app.post('/api/chat/uploadFileInChat', async (request) => {
    const viewer = await viewerOf(ctx, request);
    const { files } = await readMultipart(ctx, request);
    try {
      if (files.length === 0) throw new Invalid('file', MESSAGES.required);
      const [file] = await storeReceivedFiles(
        ctx,
        chatFileTarget(ctx, request, viewer, 'file'),
        files.slice(0, 1),
      );
      return { file };
    } finally {
      await discardAll(files);
    }
  });

  // A saved reply message (server/automation), converted for the chat's channel.
  app.post('/api/chat/send/template', async (request) => {
    const body = fieldsOf(request.body);
    return sendReplyMessageToChat(ctx, request, {
      followerId: followerIdOf(body),
      replyMessageId: requiredString(body, ['reply_message_id', 'replyMessageId'], { max: 64 }),
      tempId: tempIdOf(body),
    });
  });

  app.post('/api/chat/resend', async (request) => {
    const viewer = await viewerOf(ctx, request);
    const messageId = requiredString(fieldsOf(request.body), ['messageId', 'message_id'], { max: 64 });
    const message = await resendMessage(ctx, viewer.accountId, messageId, (q) => seesQueue(viewer, q));
    return { message };
  });
}
