// The official LINE SDK's clients for a channel, pointed at LINE_API_BASE (tests: a local fake).
// Message content comes from LINE's data host (api-data.line.me); with any other base (a fake or
// a proxy) the same base serves both.
import { HTTPFetchError, messagingApi } from '@line/bot-sdk';
import type { AppContext } from '../../context';
import { networkFailure, platformFailure, reasonFromBody, withTimeout } from '../platformErrors';
import { type PlatformChannel, setting } from '../store';

export const LINE = 'LINE';

export function lineDataBase(apiBase: string): string {
  return apiBase.replace(/^https:\/\/api\.line\.me$/, 'https://api-data.line.me');
}

export function lineClient(ctx: AppContext, channel: PlatformChannel): messagingApi.MessagingApiClient {
  return new messagingApi.MessagingApiClient({
    channelAccessToken: setting(channel, 'access_token'),
    baseURL: ctx.config.lineApiBase,
  });
}

export function lineBlobClient(
  ctx: AppContext,
  channel: PlatformChannel,
): messagingApi.MessagingApiBlobClient {
  return new messagingApi.MessagingApiBlobClient({
    channelAccessToken: setting(channel, 'access_token'),
    baseURL: lineDataBase(ctx.config.lineApiBase),
  });
}

/** LINE's refusal (with its reason) or silence as a delivery error. */
export function lineError(err: unknown): Error {
  if (err instanceof HTTPFetchError)
    return platformFailure(LINE, err.status, reasonFromBody(err.body), err.headers.get('retry-after'));
  return networkFailure(LINE, err);
}

/** Runs an SDK call with a time limit; LINE's refusals and silences become delivery errors. */
export async function lineCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await withTimeout(call());
  } catch (err) {
    throw lineError(err);
  }
}

export function isLineStatus(err: unknown, status: number): boolean {
  return err instanceof HTTPFetchError && err.status === status;
}
