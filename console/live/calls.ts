// The inbox's HTTP calls: core's endpoint functions (core/api/endpoints, shaped as
// docs/chat-api.md) bound to the console's client, under the names the inbox uses.
import * as chat from '../../core/api/endpoints/chatActions';
import * as read from '../../core/api/endpoints/chatList';
import type { LiveFollower, LiveMessage } from '../../core/models/chatWire';
import { client } from '../session/api';

export type { FollowersQuery } from '../../core/api/endpoints/chatList';
export type {
  FollowerContact,
  FollowersPage,
  LiveFollower,
  LiveMessage,
  MasterData,
  MediaEntry,
  Option,
  ReplyGroup,
  ReplyGroups,
  TagOption,
  UnreadCounts,
  WireNote,
} from '../../core/models/chatWire';

export const getMasterData = () => read.getMasterData(client);
export const getFollowers = (query: read.FollowersQuery) => read.getFollowers(client, query);
export const getReconnect = (query: Parameters<typeof read.reconnect>[1]) => read.reconnect(client, query);
export const getMessages = (followerId: string, skip: number, limit: number) =>
  read.getMessages(client, { follower_id: followerId, skip, limit });
export const getMedia = (followerId: string) => read.getChatMedia(client, followerId);
export const getSwitchMode = (liveChatId: string) => read.getSwitchMode(client, liveChatId);
export const switchMode = (action: chat.SwitchModeAction, liveChatId: string) =>
  chat.changeSwitchMode(client, action, liveChatId);

export const sendText = (body: Parameters<typeof chat.sendMessage>[1]) => chat.sendMessage(client, body);
export const sendSticker = (body: Parameters<typeof chat.sendSticker>[1]) => chat.sendSticker(client, body);
export const sendTemplate = (body: Parameters<typeof chat.sendTemplate>[1]) =>
  chat.sendTemplate(client, body);
/** A saved message template (card, or an image map in a LINE chat): docs/api.md message templates. */
export const sendMessageTemplate = (templateId: string, body: { followerId: string; tempId: string }) =>
  client.post<{ message: LiveMessage; follower?: LiveFollower }>(
    `/api/message-template/${encodeURIComponent(templateId)}/send`,
    body,
  );
export const resend = (messageId: string) => chat.resendMessage(client, messageId);

export const takeChat = (body: Parameters<typeof chat.takeChat>[1]) => chat.takeChat(client, body);
export const acceptChat = (body: chat.ChatRef) => chat.acceptChat(client, body);
export const closeChat = (body: chat.ChatRef) => chat.closeChat(client, body);
export const assignChat = (body: Parameters<typeof chat.assignChat>[1]) => chat.assignChat(client, body);
export const followChat = (followerId: string, follow: boolean) =>
  chat.followChat(client, { followerId, follow });
export const markSpam = (followerId: string, isSpam: boolean) =>
  chat.markSpam(client, { followerId, is_spam: isSpam });
export const setNickname = (followerId: string, nickname: string) =>
  chat.setNickname(client, { followerId, nickname });

export const getAssignAgents = () => read.getAssignList(client);
export const getAssignQueues = () => read.getAssignGroupList(client);

export const searchName = (text: string, skip = 0, limit = 50) =>
  chat.searchByName(client, { text, skip, limit });
export const searchMessage = (text: string, skip = 0, limit = 50) =>
  chat.searchByMessage(client, { text, skip, limit });

export const getContact = (followerId: string) => read.getContactOfFollower(client, followerId);

export const getNotes = (followerId: string) => read.getNotes(client, followerId);
export const createNote = (followerId: string, text: string) => chat.createNote(client, { text, followerId });
export const updateNote = (followerId: string, no: number, text: string) =>
  chat.updateNote(client, { text, followerId, no });
export const deleteNote = (followerId: string, no: number) => chat.deleteNote(client, { no, followerId });

export const getTags = (followerId: string) => read.getFollowerSystemTags(client, followerId);
export const addTag = (followerId: string, tag: { tagId: string } | { name: string }) =>
  chat.addFollowerTag(client, { followerId, ...tag });
export const removeTag = (followerId: string, id: string) =>
  chat.deleteFollowerTag(client, { id, followerId });

export const getReplyGroups = () => read.getReplyGroups(client);
