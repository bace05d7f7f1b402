// Chat reads (spec 7 "Chat, GET"; docs/chat-api.md): master data, the inbox lists, a chat's
// messages and media, the assign lists, a follower's contact card.
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CHAT_TYPES, type ChatType } from '../../core/chat/chatTypes';
import { MESSAGE_PAGE_SIZE } from '../../core/models/message';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import { rolePermissions } from '../accounts/permissions';
import { channels, memberships, roles, users } from '../accounts/schema';
import { roleViewerOf } from '../contacts/access';
import { contactToWire } from '../contacts/view';
import type { AppContext } from '../context';
import { byName } from '../db/order';
import { NotFound } from '../http/errors';
import { onlineUserIds } from '../realtime/agents';
import { findFollower, viewerOf } from './access';
import { queryFollowers } from './followerQuery';
import { followersToWire, followerToWireOne } from './followerView';
import { chatTypeOf, fieldsOf, integer, optionalBoolean, optionalString, requiredString } from './input';
import { allMessages, chatMedia, followerMessagesPage } from './messageQuery';
import { messages, queues } from './schema';
import { isBusinessTime, loadChatSettings } from './settings';
import { unreadCounts } from './unread';
import { seesQueue, type Viewer } from './viewer';

const CHANNEL_LABELS: Record<string, string> = {
  line: 'LINE',
  messenger: 'Messenger',
  instagram: 'Instagram',
  wechat: 'WeChat',
  widget: 'Web chat',
};

const CHAT_TYPE_LABELS: Record<ChatType, string> = {
  all: 'All',
  inbox: 'Inbox',
  missed: 'Missed',
  expired: 'Expired',
  done: 'Done',
  following: 'Following',
  group_room: 'Group / Room',
  blocked: 'Blocked',
  spam: 'Spam',
};

export const LIST_LIMIT_MAX = 100;

async function agentsOf(ctx: AppContext, accountId: string) {
  const [rows, online] = await Promise.all([
    ctx.db
      .select({
        id: users.id,
        displayName: users.displayName,
        chatStatus: memberships.chatStatus,
        roleId: memberships.roleId,
        level: roles.level,
      })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .innerJoin(roles, eq(roles.id, memberships.roleId))
      .where(and(eq(memberships.accountId, accountId), isNull(memberships.deactivatedAt)))
      .orderBy(...byName(users.displayName)),
    onlineUserIds(ctx, accountId),
  ]);
  return rows.map((r) => ({ ...r, online: online.has(r.id) }));
}

/** Whether a member's role may answer chats (the 'chat' area, write), so may be given one. */
async function answersChats(ctx: AppContext, member: { roleId: string; level: number }) {
  return member.level <= 1 || (await rolePermissions(ctx.db, member.roleId)).chat === 'write';
}

async function visibleQueues(ctx: AppContext, viewer: Viewer) {
  const rows = await ctx.db
    .select({ id: queues.id, name: queues.name, visibility: queues.visibility, isDefault: queues.isDefault })
    .from(queues)
    .where(eq(queues.accountId, viewer.accountId))
    .orderBy(asc(queues.createdAt));
  return rows.filter((q) => seesQueue(viewer, q.id));
}

/** The inbox lists as GET /api/chat/followers answers them. */
export async function followersList(ctx: AppContext, viewer: Viewer, query: Record<string, unknown>) {
  const result = await queryFollowers(ctx.database, viewer, {
    skip: integer(query, 'skip', { min: 0, max: 1_000_000, fallback: 0 }),
    limit: integer(query, 'limit', { min: 1, max: LIST_LIMIT_MAX, fallback: 20 }),
    chatType: chatTypeOf(query),
    channelType: optionalString(query, 'channel_type', { max: 32 }) ?? undefined,
    assigneeId: optionalString(query, 'assignee_id', { max: 80 }) ?? undefined,
    search: optionalString(query, 'search', { max: 100 }) ?? undefined,
  });
  const wire = await followersToWire(ctx.db, [...result.pinned, ...result.rows], result.times);
  const pinned = wire.slice(0, result.pinned.length);
  const data = wire.slice(result.pinned.length);
  return { chat_pin: { data: pinned }, chat: { data, total_count: result.total } };
}

export function registerChatListRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/masterdata/chat', async (request) => {
    const viewer = await viewerOf(ctx, request);
    const [channelRows, agents, queueRows, settings] = await Promise.all([
      ctx.db
        .selectDistinct({ type: channels.type })
        .from(channels)
        .where(eq(channels.accountId, viewer.accountId)),
      agentsOf(ctx, viewer.accountId),
      visibleQueues(ctx, viewer),
      loadChatSettings(ctx.db, viewer.accountId),
    ]);
    return {
      channel_types: channelRows.map((c) => ({ label: CHANNEL_LABELS[c.type] ?? c.type, value: c.type })),
      chat_types: CHAT_TYPES.map((value) => ({ label: CHAT_TYPE_LABELS[value], value })),
      agents: agents.map((a) => ({
        label: a.displayName,
        value: a.id,
        chat_status: a.chatStatus,
        online: a.online,
      })),
      queues: queueRows.map((q) => ({ label: q.name, value: q.id, visibility: q.visibility })),
      setting: { switch_mode_time: settings.switch_mode_time, bot_info: settings.bot_info },
      queue_permission: queueRows.map((q) => q.id),
    };
  });

  app.get('/api/chat/unread', async (request) => {
    const viewer = await viewerOf(ctx, request);
    return unreadCounts(ctx.db, viewer);
  });

  app.get('/api/chat/followers', async (request) => {
    const viewer = await viewerOf(ctx, request);
    return followersList(ctx, viewer, fieldsOf(request.query));
  });

  app.get('/api/chat/reconnect', async (request) => {
    const viewer = await viewerOf(ctx, request);
    const query = fieldsOf(request.query);
    const chatlist = await followersList(ctx, viewer, { ...query, skip: 0 });
    const followerId = optionalString(query, 'follower_id', { max: 64 });
    if (!followerId) return { chatlist, filelist: [], messageList: [] };
    const page = await followerMessagesPage(ctx, viewer, followerId, { skip: 0 });
    return { chatlist, filelist: await chatMedia(ctx.db, page.follower.id), messageList: page.list };
  });

  app.get('/api/chat/messages', async (request) => {
    const viewer = await viewerOf(ctx, request);
    const query = fieldsOf(request.query);
    const followerId = requiredString(query, 'follower_id', { max: 64 });
    const options = {
      skip: integer(query, 'skip', { min: 0, max: 10_000_000, fallback: 0 }),
      limit: integer(query, 'limit', { min: 1, max: 100, fallback: MESSAGE_PAGE_SIZE }),
      hide: optionalBoolean(query, 'hide') ?? false,
    };
    const [page, settings] = await Promise.all([
      followerMessagesPage(ctx, viewer, followerId, options),
      loadChatSettings(ctx.db, viewer.accountId),
    ]);
    return {
      list: page.list,
      message: { is_business_time: isBusinessTime(settings.business_hours, new Date()) },
      total_count: page.total,
    };
  });

  app.get('/api/chat/all/messages', async (request) => {
    const viewer = await viewerOf(ctx, request);
    const query = fieldsOf(request.query);
    const follower = await findFollower(ctx, viewer, requiredString(query, 'follower_id', { max: 64 }));
    return { list: await allMessages(ctx.db, follower.id) };
  });

  app.get('/api/chat/list/media', async (request) => {
    const viewer = await viewerOf(ctx, request);
    const query = fieldsOf(request.query);
    const follower = await findFollower(ctx, viewer, requiredString(query, 'follower_id', { max: 64 }));
    return { list: await chatMedia(ctx.db, follower.id) };
  });

  app.get('/api/chat/assign/grouplist', async (request) => {
    const viewer = await viewerOf(ctx, request);
    const rows = await visibleQueues(ctx, viewer);
    return { list: rows.map((q) => ({ _id: q.id, name: q.name, visibility: q.visibility })) };
  });

  app.get('/api/chat/assign/list', async (request) => {
    const viewer = await viewerOf(ctx, request);
    // Only members who may answer chats can be given one (server/chat/lifecycle.ts refuses others).
    const all = await agentsOf(ctx, viewer.accountId);
    const may = await Promise.all(all.map((a) => answersChats(ctx, a)));
    const agents = all.filter((_, i) => may[i]);
    return {
      list: agents.map((a) => ({
        _id: a.id,
        display_name: a.displayName,
        online: a.online,
        chat_status: a.chatStatus,
      })),
    };
  });

  app.get('/api/chat/reimage', async (request) => {
    const viewer = await viewerOf(ctx, request);
    const messageId = requiredString(fieldsOf(request.query), 'messageId', { max: 64 });
    const [row] = await ctx.db
      .select({ followerId: messages.followerId, items: messages.items })
      .from(messages)
      .where(and(eq(messages.id, messageId), eq(messages.accountId, viewer.accountId)))
      .limit(1);
    if (!row) throw new NotFound(SERVER_MESSAGES.messageMissing);
    await findFollower(ctx, viewer, row.followerId);
    const image = row.items.find((i) => i.type === 'image' || i.type === 'video');
    if (!image || (image.type !== 'image' && image.type !== 'video'))
      throw new NotFound(SERVER_MESSAGES.messageNoImage);
    return { url: image.originalContentUrl ?? image.file_path ?? null };
  });

  app.get('/api/contact/follower/:id', async (request) => {
    const viewer = await viewerOf(ctx, request);
    const follower = await findFollower(ctx, viewer, (request.params as { id: string }).id);
    // The contact as the caller's role may see it (server/contacts/view.ts, spec 4 and 6).
    const [wire, contact] = await Promise.all([
      followerToWireOne(ctx.db, follower),
      contactToWire(ctx.db, await roleViewerOf(ctx, request), follower),
    ]);
    return { follower: { ...wire, contact_detail: contact.contact_detail }, contact };
  });
}
