// "Continue with Facebook" for Messenger and Instagram (spec 7): shown only when the form has a
// Facebook app id. Loads Facebook's login SDK on demand, asks for the spec's scopes (auth type
// reauthorize), then lists the person's pages so one can fill the page id and page token.
import { useState } from 'react';
import { t } from '../app/i18n';
import type { FacebookLoginConfig } from './platformState';

interface Page {
  id: string;
  name: string;
  access_token: string;
  instagram_business_account?: { id: string };
}

interface FacebookSdk {
  init(options: Record<string, unknown>): void;
  login(callback: (response: { authResponse?: unknown }) => void, options: Record<string, unknown>): void;
  api(path: string, callback: (response: { data?: Page[]; error?: { message: string } }) => void): void;
}

declare global {
  interface Window {
    FB?: FacebookSdk;
  }
}

const SDK_URL = 'https://connect.facebook.net/en_US/sdk.js';
/** The SDK could not be fetched (offline, blocked): shown as channels.facebookNotLoaded. */
class SdkNotLoaded extends Error {}
const GRAPH_VERSION = 'v21.0';

function loadSdk(appId: string): Promise<FacebookSdk> {
  return new Promise((resolve, reject) => {
    const ready = () => {
      if (!window.FB) return reject(new SdkNotLoaded('Facebook login did not load.'));
      window.FB.init({ appId, version: GRAPH_VERSION, xfbml: false, cookie: false });
      resolve(window.FB);
    };
    if (window.FB) return ready();
    const script = document.createElement('script');
    script.src = SDK_URL;
    script.async = true;
    script.onload = ready;
    script.onerror = () => reject(new SdkNotLoaded('Facebook login did not load.'));
    document.head.appendChild(script);
  });
}

export function FacebookLoginButton({
  appId,
  kind,
  config,
  onPage,
}: {
  appId: string;
  kind: 'messenger' | 'instagram';
  config: FacebookLoginConfig;
  onPage: (page: { pageId: string; pageToken: string; name: string }) => void;
}) {
  // null until Facebook has answered which Pages the login may manage.
  const [pages, setPages] = useState<Page[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const start = async () => {
    setError(null);
    setPages(null);
    try {
      const fb = await loadSdk(appId);
      const dev = ['localhost', '127.0.0.1'].includes(window.location.hostname);
      const scope = [...config.scopes[kind], ...(dev ? config.devScopes : [])].join(',');
      fb.login(
        (response) => {
          if (!response.authResponse) return setError(t('channels.facebookCancelled'));
          fb.api('/me/accounts?fields=id,name,access_token,instagram_business_account', (answer) => {
            if (answer.error) return setError(answer.error.message);
            setPages(answer.data ?? []);
          });
        },
        { scope, auth_type: config.authType, return_scopes: true },
      );
    } catch (err) {
      setError(
        err instanceof SdkNotLoaded
          ? t('channels.facebookNotLoaded')
          : err instanceof Error
            ? err.message
            : String(err),
      );
    }
  };
  return (
    <div className="pc-facebook">
      <button type="button" className="ws-button" onClick={start}>
        {t('channels.facebookLogin')}
      </button>
      {error ? <p className="field-error">{error}</p> : null}
      {pages?.length === 0 ? <p className="muted">{t('channels.facebookNoPages')}</p> : null}
      {pages && pages.length > 0 ? (
        <ul className="pc-pages">
          {pages.map((page) => (
            <li key={page.id}>
              <button
                type="button"
                className="ws-button"
                onClick={() =>
                  onPage({
                    pageId: page.id,
                    pageToken: page.access_token,
                    name: page.name,
                  })
                }
              >
                {page.name}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
