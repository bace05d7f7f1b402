// Who hears what. Chats of a queue open to selected agents only go to that queue's room;
// every other chat goes to the account's chat room. A follower's own room carries its messages.
export const accountRoom = (accountId: string) => `account:${accountId}`;
/**
 * Chats of the account's open queues: only connections whose role may read chats (the 'chat'
 * area) join it; the account room also reaches members who may not (presence, broadcasts).
 */
export const chatRoom = (accountId: string) => `chats:${accountId}`;
export const queueRoom = (queueId: string) => `queue:${queueId}`;
export const followerRoom = (followerId: string) => `follower:${followerId}`;
/** Every console connection of a user, and of one sign-in (a token), in the agents' namespace. */
export const userRoom = (userId: string) => `user:${userId}`;
export const sessionRoom = (tokenHash: string) => `session:${tokenHash}`;
/** The widget visitor's room in the /widget namespace. */
export const visitorRoom = (followerId: string) => `visitor:${followerId}`;
