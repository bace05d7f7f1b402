// Who is signed in and which official account they work on, as signals.
import { computed, signal } from '@preact/signals-react';
import { api, configureApi } from './api';

export interface AccountSummary {
  _id: string;
  name: string;
  picture: string | null;
  /** permissions: per-area access (core/access/areas.ts), resolved by the server. */
  role: { _id: string; name: string; level: number; permissions?: Partial<Record<string, string>> };
  channels: { _id: string; type: string; name: string }[];
}

export interface Profile {
  _id: string;
  email: string;
  display_name: string;
  first_name: string;
  last_name: string;
  phone?: string;
  email_verified: boolean;
  accounts: AccountSummary[];
}

const TOKEN_KEY = 'chatdesk.token';
const ACCOUNT_KEY = 'chatdesk.account';

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function store(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Private modes may refuse storage; the session then lasts as long as the tab.
  }
}

export const token = signal<string | null>(stored(TOKEN_KEY));
export const profile = signal<Profile | null>(null);
export const selectedAccountId = signal<string | null>(stored(ACCOUNT_KEY));

export const currentAccount = computed<AccountSummary | null>(() => {
  const p = profile.value;
  if (!p) return null;
  return p.accounts.find((a) => a._id === selectedAccountId.value) ?? p.accounts[0] ?? null;
});

/** Agents work from the chat-only menu (spec 2); the other roles see the main menu. */
export const chatOnly = computed(() => (currentAccount.value?.role.level ?? 1) >= 4);

let signedOutHandler: () => void = () => {};
export function onSignedOut(handler: () => void) {
  signedOutHandler = handler;
}

export function clearSession() {
  token.value = null;
  profile.value = null;
  store(TOKEN_KEY, null);
}

configureApi({
  token: () => token.value,
  channelId: () => currentAccount.value?._id ?? null,
  unauthorized: () => {
    clearSession();
    signedOutHandler();
  },
});

export async function signIn(email: string, password: string): Promise<void> {
  const result = await api<{ token: string; user: Profile }>('/api/auth/login', {
    method: 'POST',
    body: { email, password },
  });
  token.value = result.token;
  store(TOKEN_KEY, result.token);
  profile.value = result.user;
}

export async function loadProfile(): Promise<Profile | null> {
  if (!token.value) return null;
  const { user } = await api<{ user: Profile }>('/api/auth/me');
  profile.value = user;
  return user;
}

export async function signOut(): Promise<void> {
  try {
    await api('/api/auth/logout', { method: 'POST' });
  } finally {
    clearSession();
    signedOutHandler();
  }
}

export function selectAccount(id: string) {
  selectedAccountId.value = id;
  store(ACCOUNT_KEY, id);
}
