// The official LINE SDK's clients for a channel, pointed at LINE_API_BASE (tests: a local fake).
// Message content comes from LINE's data host (api-data.line.me); with any other base (a fake or
// a proxy) the same base serves both.
import type { HTTPFetchError, messagingApi } from '@line/bot-sdk';
import type { AppContext } from '../../context';
import { lazyModule } from '../../lazyModule';
import { networkFailure, platformFailure, reasonFromBody, withTimeout } from '../platformErrors';
import { type PlatformChannel, setting } from '../store';

export const LINE = 'LINE';

// The SDK (about 7 MB of live heap) is loaded by the first LINE call, not at start: a server
// without a LINE channel never holds it.
let sdk: typeof import('@line/bot-sdk') | null = null;
const loadLineSdk = lazyModule(async () => {
  sdk = await import('@line/bot-sdk');
  return sdk;
});

/** The SDK's HTTP error; only an SDK call can throw one, so none exists before the SDK is loaded. */
export function isLineHttpError(err: unknown): err is HTTPFetchError {
  return sdk !== null && err instanceof sdk.HTTPFetchError;
}

/** The SDK's check of a webhook body's signature (x-line-signature). */
export async function lineSignatureValidator() {
  return (await loadLineSdk()).validateSignature;
}

export function lineDataBase(apiBase: string): string {
  return apiBase.replace(/^https:\/\/api\.line\.me$/, 'https://api-data.line.me');
}

export async function lineClient(
  ctx: AppContext,
  channel: PlatformChannel,
): Promise<messagingApi.MessagingApiClient> {
  const { messagingApi } = await loadLineSdk();
  return new messagingApi.MessagingApiClient({
    channelAccessToken: setting(channel, 'access_token'),
    baseURL: ctx.config.lineApiBase,
  });
}

export async function lineBlobClient(
  ctx: AppContext,
  channel: PlatformChannel,
): Promise<messagingApi.MessagingApiBlobClient> {
  const { messagingApi } = await loadLineSdk();
  return new messagingApi.MessagingApiBlobClient({
    channelAccessToken: setting(channel, 'access_token'),
    baseURL: lineDataBase(ctx.config.lineApiBase),
  });
}

/** LINE's refusal (with its reason) or silence as a delivery error. */
export function lineError(err: unknown): Error {
  if (isLineHttpError(err))
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
  return isLineHttpError(err) && err.status === status;
}
