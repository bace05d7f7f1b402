// The settings page's "Test connection": one harmless call to the platform with the saved
// credentials, and what it answered (never a secret or a token).
import type { AppContext } from '../context';
import { lineCall, lineClient } from './line/client';
import { graphCall, platformName } from './meta/client';
import type { PlatformChannel } from './store';
import { fetchAccessToken, WECHAT } from './wechat/client';

export interface ConnectionAnswer {
  ok: boolean;
  /** Which call was made, e.g. "GET /v2/bot/info". */
  call: string;
  /** The platform's words when it refused, or ours when it could not be reached. */
  message: string | null;
  /** What the platform said about the account (names and ids only). */
  details: Record<string, string | number | boolean | null>;
}

async function attempt(
  call: string,
  run: () => Promise<ConnectionAnswer['details']>,
): Promise<ConnectionAnswer> {
  try {
    return { ok: true, call, message: null, details: await run() };
  } catch (err) {
    return { ok: false, call, message: err instanceof Error ? err.message : String(err), details: {} };
  }
}

export function testConnection(ctx: AppContext, channel: PlatformChannel): Promise<ConnectionAnswer> {
  switch (channel.type) {
    case 'line':
      return attempt('GET /v2/bot/info', async () => {
        const client = await lineClient(ctx, channel);
        const info = await lineCall(() => client.getBotInfo());
        return {
          user_id: info.userId,
          basic_id: info.basicId,
          display_name: info.displayName,
          picture_url: info.pictureUrl ?? null,
          chat_mode: info.chatMode,
        };
      });
    case 'messenger':
    case 'instagram':
      return attempt('GET /me', async () => {
        const me = await graphCall<{ id?: string; name?: string }>(ctx, channel, 'GET', '/me', {
          query: { fields: 'id,name' },
        });
        return { platform: platformName(channel), id: me?.id ?? null, name: me?.name ?? null };
      });
    case 'wechat':
      return attempt('GET /cgi-bin/token', async () => {
        const { expiresIn } = await fetchAccessToken(ctx, channel);
        return { platform: WECHAT, token_expires_in: expiresIn };
      });
  }
}
