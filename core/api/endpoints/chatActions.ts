// Chat writes (spec 7 "Chat, POST"): sending, taking and closing chats, switch mode, search,
// export, notes, tags and contacts.
import type { ChatExportRequest, Follower } from '../../models/chat';
import type { Message } from '../../models/message';
import type { ApiClient } from '../client';

export interface ChatRef {
  liveChatId: string;
  userId: string;
}

export const sendMessage = (
  api: ApiClient,
  body: ChatRef & { followerId: string; message: string; tempId: string },
) => api.post<Message>('/api/chat/send/message', body);

export const sendSticker = (
  api: ApiClient,
  body: ChatRef & { followerId: string; sticker_id: string; package_id: string; tempId: string },
) => api.post<Message>('/api/chat/send/sticker', body);

/** Multipart: `files` plus tempId. */
export const sendFile = (api: ApiClient, form: FormData) => api.post<Message>('/api/chat/send/file', form);
export const sendImage = (api: ApiClient, form: FormData) => api.post<Message>('/api/chat/send/image', form);
/** Multipart: file (originalname, type, size, resolution, category, buffer) and isTTL. */
export const uploadFileInChat = (api: ApiClient, form: FormData) =>
  api.post<unknown>('/api/chat/uploadFileInChat', form);
export const sendTemplate = (api: ApiClient, body: { reply_message_id: string; followerId?: string }) =>
  api.post<Message>('/api/chat/send/template', body);

export const setChatStatus = (api: ApiClient, chat_status: string) =>
  api.post<unknown>('/api/chat/chatstatus', { chat_status });
export const setAllChatStatus = (api: ApiClient, chat_status: string) =>
  api.post<unknown>('/api/chat/allchatstatus', { chat_status });

export const takeChat = (api: ApiClient, body: ChatRef & { followerId: string }) =>
  api.post<{ count_down_second: number }>('/api/chat/take', body);
export const acceptChat = (api: ApiClient, body: ChatRef) => api.post<unknown>('/api/chat/accept', body);
export const closeChat = (api: ApiClient, body: ChatRef) => api.post<unknown>('/api/chat/close', body);
export const followChat = (api: ApiClient, body: { follower_id: string }) =>
  api.post<unknown>('/api/chat/follow', body);
export const assignAgent = (api: ApiClient, body: Record<string, unknown>) =>
  api.post<unknown>('/api/chat/assign/agent', body);

export const setSwitchMode = (api: ApiClient, body: { liveChatId: string }) =>
  api.post<{ count_down_second: number }>('/api/chat/switchmode/set', body);
export const extendSwitchMode = (api: ApiClient, body: { liveChatId: string }) =>
  api.post<{ count_down_second: number }>('/api/chat/switchmode/extend', body);
export const clearSwitchMode = (api: ApiClient, body: { liveChatId: string }) =>
  api.post<unknown>('/api/chat/switchmode/clear', body);

export type SearchKind = 'message' | 'name' | 'all';
export const searchChats = (
  api: ApiClient,
  kind: SearchKind,
  body: { keyword: string; skip?: number; limit?: number },
) => api.post<{ names?: Follower[]; messages?: Message[] }>(`/api/chat/search/${kind}`, body);

export const exportChat = (api: ApiClient, body: ChatExportRequest) =>
  api.post<Blob>(body.type === 'zip' ? '/api/chat/export-zip' : '/api/chat/export', body);

export const leaveGroup = (api: ApiClient, follower_id: string) =>
  api.post<unknown>('/api/chat/leave/group', { follower_id });
export const leaveRoom = (api: ApiClient, follower_id: string) =>
  api.post<unknown>('/api/chat/leave/room', { follower_id });

export const updateContactField = (api: ApiClient, body: Record<string, unknown>) =>
  api.post<unknown>('/api/contact_field/update/follower', body);
export const setNickname = (api: ApiClient, body: { follower_id: string; line_nickname: string }) =>
  api.post<unknown>('/api/chat/nickname', body);
export const markSpam = (api: ApiClient, body: { follower_id: string; is_spam: boolean }) =>
  api.post<unknown>('/api/chat/spam', body);
export const mergeUnknown = (api: ApiClient, body: Record<string, unknown>) =>
  api.post<unknown>('/api/chat/unknow/merge', body);
export const unmergeUnknown = (api: ApiClient, body: Record<string, unknown>) =>
  api.post<unknown>('/api/chat/unknow/unmerge', body);

export const createContact = (api: ApiClient, body: Record<string, unknown>) =>
  api.post<unknown>('/api/contact/create', body);
export const updateContact = (api: ApiClient, body: Record<string, unknown>) =>
  api.post<unknown>('/api/contact/update', body);

export const createNote = (api: ApiClient, body: { text: string; followerId: string }) =>
  api.post<unknown>('/api/note/create', body);
export const updateNote = (api: ApiClient, body: { text: string; followerId: string; no: number }) =>
  api.patch<unknown>('/api/note/update', body);
export const deleteNote = (api: ApiClient, body: { no: number; followerId: string }) =>
  api.delete<unknown>('/api/note/delete', body);
export const deleteFollowerTag = (api: ApiClient, body: { id: string; followerId: string }) =>
  api.post<unknown>('/api/tag/delete', body);
