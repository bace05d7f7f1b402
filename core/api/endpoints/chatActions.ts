// Chat writes (spec 7 "Chat, POST"), shaped as docs/chat-api.md: sending, taking and closing chats,
// switch mode, search, notes, tags. Sends carry a tempId, so the client may retry them safely.

import { CHAT_EXPORT_PATHS } from '../../chat/exportRequest';
import type { WireUnknownChat } from '../../chatImport/wire';
import type { ChatExportRequest } from '../../models/chat';
import type {
  CountdownAnswer,
  FollowerAnswer,
  LiveFollower,
  LiveMessage,
  SearchMessageAnswer,
  SearchNameAnswer,
  SentMessage,
  TagOption,
  WireNote,
} from '../../models/chatWire';
import type { ContactDetail } from '../../models/contact';
import type { MediaFile } from '../../models/media';
import type { ApiClient } from '../client';

export interface SendRef {
  liveChatId: string | null;
  userId: string;
  followerId: string;
  tempId: string;
}

export const sendMessage = (api: ApiClient, body: SendRef & { message: string }) =>
  api.post<SentMessage>('/api/chat/send/message', body);

export const sendSticker = (api: ApiClient, body: SendRef & { sticker_id: string; package_id: string }) =>
  api.post<SentMessage>('/api/chat/send/sticker', body);

export const sendTemplate = (
  api: ApiClient,
  body: { reply_message_id: string; followerId: string; tempId: string },
) => api.post<SentMessage>('/api/chat/send/template', body);

export const resendMessage = (api: ApiClient, messageId: string) =>
  api.post<{ message: LiveMessage }>('/api/chat/resend', { messageId });

export type ChatStatus = 'available' | 'away';
export const setChatStatus = (api: ApiClient, chat_status: ChatStatus) =>
  api.post<{ chat_status: ChatStatus }>('/api/chat/chatstatus', { chat_status });

export interface ChatRef {
  liveChatId: string;
  userId: string;
}
export const takeChat = (api: ApiClient, body: ChatRef & { followerId: string }) =>
  api.post<CountdownAnswer & FollowerAnswer>('/api/chat/take', body);
export const acceptChat = (api: ApiClient, body: ChatRef) =>
  api.post<FollowerAnswer>('/api/chat/accept', body);
export const closeChat = (api: ApiClient, body: ChatRef) => api.post<FollowerAnswer>('/api/chat/close', body);
export const assignChat = (
  api: ApiClient,
  body: { followerId: string; liveChatId: string; userId?: string; queueId?: string },
) => api.post<FollowerAnswer>('/api/chat/assign/agent', body);

export const followChat = (api: ApiClient, body: { followerId: string; follow: boolean }) =>
  api.post<FollowerAnswer>('/api/chat/follow', body);
export const markSpam = (api: ApiClient, body: { followerId: string; is_spam: boolean }) =>
  api.post<FollowerAnswer>('/api/chat/spam', body);
export const setNickname = (api: ApiClient, body: { followerId: string; nickname: string }) =>
  api.post<FollowerAnswer>('/api/chat/nickname', body);

export type SwitchModeAction = 'set' | 'extend' | 'clear';
export const changeSwitchMode = (api: ApiClient, action: SwitchModeAction, liveChatId: string) =>
  api.post<CountdownAnswer>(`/api/chat/switchmode/${action}`, { liveChatId });

export const searchByName = (api: ApiClient, body: { text: string; skip: number; limit: number }) =>
  api.post<SearchNameAnswer>('/api/chat/search/name', body);
export const searchByMessage = (api: ApiClient, body: { text: string; skip: number; limit: number }) =>
  api.post<SearchMessageAnswer>('/api/chat/search/message', body);

export const updateContactField = (
  api: ApiClient,
  body: { followerId: string; contact_detail: ContactDetail[] },
) => api.post<{ contact_detail: ContactDetail[] }>('/api/contact_field/update/follower', body);

export const createNote = (api: ApiClient, body: { text: string; followerId: string }) =>
  api.post<{ note: WireNote }>('/api/note/create', body);
export const updateNote = (api: ApiClient, body: { text: string; followerId: string; no: number }) =>
  api.patch<{ note: WireNote }>('/api/note/update', body);
export const deleteNote = (api: ApiClient, body: { no: number; followerId: string }) =>
  api.delete<{ status: string }>('/api/note/delete', body);

export const addFollowerTag = (
  api: ApiClient,
  body: { followerId: string } & ({ tagId: string } | { name: string }),
) => api.post<{ tags: TagOption[] }>('/api/tag/add', body);
export const deleteFollowerTag = (api: ApiClient, body: { id: string; followerId: string }) =>
  api.post<{ tags: TagOption[] }>('/api/tag/delete', body);

export const leaveGroup = (api: ApiClient, follower_id: string) =>
  api.post<FollowerAnswer>('/api/chat/leave/group', { follower_id });
export const leaveRoom = (api: ApiClient, follower_id: string) =>
  api.post<FollowerAnswer>('/api/chat/leave/room', { follower_id });

/** Multipart: `files` (1–5), followerId, tempId; one message per file. */
export const sendFile = (api: ApiClient, form: FormData) =>
  api.post<SentMessage>('/api/chat/send/file', form);
/** `name`, `buffer` (base64), followerId, tempId. */
export const sendImage = (
  api: ApiClient,
  body: { name: string; buffer: string; followerId: string; tempId: string },
) => api.post<SentMessage>('/api/chat/send/image', body);
/** Multipart: `file` and isTTL; the file is kept in the media library's Chat files folder. */
export const uploadFileInChat = (api: ApiClient, form: FormData) =>
  api.post<{ file: MediaFile }>('/api/chat/uploadFileInChat', form);

export const setAllChatStatus = (api: ApiClient, chat_status: ChatStatus) =>
  api.post<{ chat_status: ChatStatus }>('/api/chat/allchatstatus', { chat_status });

export const searchAll = (api: ApiClient, body: { text: string; limit?: number }) =>
  api.post<{ name: SearchNameAnswer; message: SearchMessageAnswer }>('/api/chat/search/all', body);

/** An .xlsx (excel) or a .zip with the sheet and the chat's files (spec 7, 9). */
export const exportChat = (api: ApiClient, body: ChatExportRequest) =>
  api.post<Blob>(CHAT_EXPORT_PATHS[body.type], body);

export const mergeUnknown = (api: ApiClient, body: { id: string; follower_id: string }) =>
  api.post<{ chat: WireUnknownChat; follower: LiveFollower; added: number }>('/api/chat/unknow/merge', body);
export const unmergeUnknown = (api: ApiClient, body: { id: string }) =>
  api.post<{ chat: WireUnknownChat; removed: number }>('/api/chat/unknow/unmerge', body);
