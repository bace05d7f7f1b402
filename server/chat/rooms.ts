// Who hears what. Chats of a queue open to selected agents only go to that queue's room;
// every other chat goes to the account's room. A follower's own room carries its messages.
export const accountRoom = (accountId: string) => `account:${accountId}`;
export const queueRoom = (queueId: string) => `queue:${queueId}`;
export const followerRoom = (followerId: string) => `follower:${followerId}`;
/** Every console connection of a user, and of one sign-in (a token), in the agents' namespace. */
export const userRoom = (userId: string) => `user:${userId}`;
export const sessionRoom = (tokenHash: string) => `session:${tokenHash}`;
/** The widget visitor's room in the /widget namespace. */
export const visitorRoom = (followerId: string) => `visitor:${followerId}`;
