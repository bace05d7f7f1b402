// The chat's rows as hand-written statements (inboundStore.ts, outboundStore.ts) return them.
import { rowMapper } from '../db/rows';
import { followers, messages } from './schema';

export const toFollowerRow = rowMapper(followers);
export const toMessageRow = rowMapper(messages);
