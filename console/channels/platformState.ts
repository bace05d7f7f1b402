// Channel accounts for LINE, Messenger, Instagram and WeChat: the list from the server, and the
// calls that connect, change, switch and test them (docs/api.md "Channel accounts").
import { signal } from '@preact/signals-react';
import type { PlatformChannelType } from '../../core/channels/settings';
import { ApiError, api } from '../session/api';
import { loadProfile } from '../session/state';

export interface PlatformChannelWire {
  _id: string;
  type: PlatformChannelType;
  name: string;
  enabled: boolean;
  settings: Record<string, string>;
  secrets_set: string[];
  webhook_url: string;
  created_at: string;
}

export interface ConnectionResult {
  ok: boolean;
  call: string;
  message: string | null;
  details: Record<string, string | number | boolean | null>;
}

export interface FacebookLoginConfig {
  scopes: Record<'messenger' | 'instagram', string[]>;
  devScopes: string[];
  authType: string;
}

export const platformChannels = signal<PlatformChannelWire[]>([]);
export const facebookLogin = signal<FacebookLoginConfig | null>(null);
export const listError = signal<string | null>(null);

export async function loadPlatformChannels(): Promise<void> {
  try {
    const answer = await api<{ list: PlatformChannelWire[]; facebook_login: FacebookLoginConfig }>(
      '/api/channels',
    );
    platformChannels.value = answer.list;
    facebookLogin.value = answer.facebook_login;
    listError.value = null;
  } catch (err) {
    listError.value = err instanceof ApiError ? err.message : String(err);
  }
}

/** The server's refusal on the field it names (`settings.<key>` or `name`). */
export interface SaveError {
  field: string | null;
  message: string;
}

function saveError(err: unknown): SaveError {
  if (err instanceof ApiError) return { field: err.body.field ?? null, message: err.body.message };
  return { field: null, message: String(err) };
}

async function saved(channel: PlatformChannelWire): Promise<PlatformChannelWire> {
  const others = platformChannels.value.filter((c) => c._id !== channel._id);
  platformChannels.value = [...others, channel];
  // The page's channel table (and the account selector) read the profile's channel list.
  await loadProfile().catch(() => null);
  return channel;
}

export async function connectChannel(
  type: PlatformChannelType,
  name: string,
  settings: Record<string, string>,
): Promise<PlatformChannelWire | SaveError> {
  try {
    const { channel } = await api<{ channel: PlatformChannelWire }>('/api/channels', {
      method: 'POST',
      body: { type, name, settings },
    });
    return await saved(channel);
  } catch (err) {
    return saveError(err);
  }
}

export async function updateChannel(
  id: string,
  patch: { name?: string; settings?: Record<string, string>; enabled?: boolean },
): Promise<PlatformChannelWire | SaveError> {
  try {
    const { channel } = await api<{ channel: PlatformChannelWire }>(
      `/api/channels/${encodeURIComponent(id)}`,
      {
        method: 'PUT',
        body: { settings: {}, ...patch },
      },
    );
    return await saved(channel);
  } catch (err) {
    return saveError(err);
  }
}

export async function testChannel(id: string): Promise<ConnectionResult> {
  try {
    const { result } = await api<{ result: ConnectionResult }>(
      `/api/channels/${encodeURIComponent(id)}/test`,
      {
        method: 'POST',
        body: {},
      },
    );
    return result;
  } catch (err) {
    return { ok: false, call: '', message: saveError(err).message, details: {} };
  }
}

export function isSaveError(value: PlatformChannelWire | SaveError): value is SaveError {
  return !('_id' in value);
}
