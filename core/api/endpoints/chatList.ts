// Chat reads (spec 7 "Chat, GET"): master data, followers, messages, media, switch mode, replies.
import type { ChatMasterData, Follower, Note, ReplyMessageTemplate } from '../../models/chat';
import type { Message } from '../../models/message';
import type { ApiClient } from '../client';

export interface FollowersPage {
  chat_pin: { data: Follower[] };
  chat: { data: Follower[]; total_count: number };
}

export interface FollowersQuery {
  skip: number;
  limit: number;
  chat_type: string;
  channel_type?: string;
  assignee_id?: string;
}

export const getMasterData = (api: ApiClient) => api.get<ChatMasterData>('/api/masterdata/chat');

export const getFollowers = (api: ApiClient, query: FollowersQuery) =>
  api.get<FollowersPage>('/api/chat/followers', { ...query });

export const reconnect = (
  api: ApiClient,
  query: { chat_type: string; assignee_id?: string; limit: number; follower_id?: string },
) =>
  api.get<{ chatlist: FollowersPage; filelist: unknown[]; messageList: Message[] }>('/api/chat/reconnect', {
    ...query,
  });

export const getMessages = (
  api: ApiClient,
  query: { follower_id: string; skip: number; limit: number; hide?: boolean },
) => api.get<{ list: Message[]; message: { is_business_time: boolean } }>('/api/chat/messages', { ...query });

export const getAllMessages = (api: ApiClient, followerId: string) =>
  api.get<{ list: Message[] }>('/api/chat/all/messages', { follower_id: followerId });

export const getChatMedia = (api: ApiClient, followerId: string) =>
  api.get<unknown[]>('/api/chat/list/media', { follower_id: followerId });

export const reimage = (api: ApiClient, messageId: string) =>
  api.get<Message>('/api/chat/reimage', { messageId });

export const getAssignGroupList = (api: ApiClient) => api.get<unknown[]>('/api/chat/assign/grouplist');
export const getAssignList = (api: ApiClient) => api.get<unknown[]>('/api/chat/assign/list');

export const getSwitchMode = (api: ApiClient, liveChatId: string) =>
  api.get<{ count_down_second: number }>(`/api/chat/switchmode/${encodeURIComponent(liveChatId)}`);

export const getUnknownList = (api: ApiClient) => api.get<unknown[]>('/api/chat/unknow/list');
export const getUnknownListText = (api: ApiClient) => api.get<unknown[]>('/api/chat/unknow/list/text');
export const getUnknownChat = (api: ApiClient) => api.get<unknown>('/api/chat/unknow/chat');

export const getReplyMessage = (api: ApiClient, replyMessageId: string) =>
  api.get<{ template: ReplyMessageTemplate }>('/api/reply/message/list', {
    reply_message_id: replyMessageId,
  });
export const getReplyGroups = (api: ApiClient) => api.get<unknown[]>('/api/reply/group/list');

export const getContactOfFollower = (api: ApiClient, followerId: string) =>
  api.get<unknown>(`/api/contact/follower/${encodeURIComponent(followerId)}`);
export const getNotes = (api: ApiClient, followerId: string) =>
  api.get<Note[]>('/api/note/get', { followerId });
export const getFollowerSystemTags = (api: ApiClient, followerId: string) =>
  api.get<unknown[]>(`/api/tag/getsystemtagsuser/${encodeURIComponent(followerId)}`);
