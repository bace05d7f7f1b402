// Chat reads (spec 7 "Chat, GET"), shaped as docs/chat-api.md: master data, followers, messages,
// media, switch mode, assign lists, contact, notes, tags and saved replies.
import type { ChatType } from '../../chat/chatTypes';
import type { WireUnknownChat, WireUnknownMessage } from '../../chatImport/wire';
import type { ReplyMessageTemplate } from '../../models/chat';
import type {
  AssignAgent,
  AssignQueue,
  CountdownAnswer,
  FollowerContact,
  FollowersPage,
  LiveFollower,
  LiveMessage,
  MasterData,
  MediaEntry,
  ReplyGroups,
  TagOption,
  UnreadCounts,
  WireNote,
} from '../../models/chatWire';
import type { ApiClient, Query } from '../client';

export interface FollowersQuery {
  skip: number;
  limit: number;
  chat_type: ChatType;
  channel_type?: string;
  /** 'me', a user id, or 'queue:<id>'. */
  assignee_id?: string;
}

/** Leaves out empty filters, so "no filter" is not sent as an empty value. */
export const definedQuery = (q: Record<string, unknown>): Query =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== null && v !== '')) as Query;

const id = encodeURIComponent;

export const getMasterData = (api: ApiClient) => api.get<MasterData>('/api/masterdata/chat');

export const getFollowers = (api: ApiClient, query: FollowersQuery) =>
  api.get<FollowersPage>('/api/chat/followers', definedQuery({ ...query }));

export const reconnect = (
  api: ApiClient,
  query: { chat_type: ChatType; assignee_id?: string; limit: number; follower_id?: string },
) =>
  api.get<{ chatlist: FollowersPage; filelist: MediaEntry[]; messageList: LiveMessage[] }>(
    '/api/chat/reconnect',
    definedQuery(query),
  );

export const getMessages = (
  api: ApiClient,
  query: { follower_id: string; skip: number; limit: number; hide?: boolean },
) =>
  api.get<{ list: LiveMessage[]; message?: { is_business_time?: boolean }; total_count?: number }>(
    '/api/chat/messages',
    definedQuery(query),
  );

export const getChatMedia = (api: ApiClient, followerId: string) =>
  api.get<{ list: MediaEntry[] }>('/api/chat/list/media', { follower_id: followerId });

export const getUnreadCounts = (api: ApiClient) => api.get<UnreadCounts>('/api/chat/unread');

export const getAssignGroupList = (api: ApiClient) =>
  api.get<{ list: AssignQueue[] }>('/api/chat/assign/grouplist');
export const getAssignList = (api: ApiClient) => api.get<{ list: AssignAgent[] }>('/api/chat/assign/list');

export const getSwitchMode = (api: ApiClient, liveChatId: string) =>
  api.get<CountdownAnswer>(`/api/chat/switchmode/${id(liveChatId)}`);

export const getReplyMessage = (api: ApiClient, replyMessageId: string) =>
  api.get<{ template: ReplyMessageTemplate }>('/api/reply/message/list', {
    reply_message_id: replyMessageId,
  });
export const getReplyGroups = (api: ApiClient) => api.get<ReplyGroups>('/api/reply/group/list');

export const getContactOfFollower = (api: ApiClient, followerId: string) =>
  api.get<FollowerContact>(`/api/contact/follower/${id(followerId)}`);
export const getNotes = (api: ApiClient, followerId: string) =>
  api.get<{ list: WireNote[] }>('/api/note/get', { followerId });
export const getFollowerSystemTags = (api: ApiClient, followerId: string) =>
  api.get<{ system_tags: TagOption[]; tags: TagOption[] }>(`/api/tag/getsystemtagsuser/${id(followerId)}`);

export const getAllMessages = (api: ApiClient, followerId: string) =>
  api.get<{ list: LiveMessage[] }>('/api/chat/all/messages', { follower_id: followerId });

/** A fresh address for a message's image. */
export const reimage = (api: ApiClient, messageId: string) =>
  api.get<{ url: string | null }>('/api/chat/reimage', { messageId });

// Unknown chats (imported conversations not yet matched to a follower; issue 17).
export const getUnknownList = (
  api: ApiClient,
  query: { skip?: number; limit?: number; search?: string } = {},
) => api.get<{ list: WireUnknownChat[]; total_count: number }>('/api/chat/unknow/list', definedQuery(query));
export const getUnknownListText = (api: ApiClient, query: { text: string; skip?: number; limit?: number }) =>
  api.get<{ list: { chat: WireUnknownChat; message: WireUnknownMessage }[]; total_count: number }>(
    '/api/chat/unknow/list/text',
    definedQuery(query),
  );
export const getUnknownChat = (api: ApiClient, query: { id: string; skip?: number; limit?: number }) =>
  api.get<{
    chat: WireUnknownChat;
    list: WireUnknownMessage[];
    total_count: number;
    suggestions: LiveFollower[];
  }>('/api/chat/unknow/chat', definedQuery(query));
