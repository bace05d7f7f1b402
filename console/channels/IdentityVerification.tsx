// Identity verification for setUser(): editors read or replace the secret their own backend signs
// visitors' user ids with (server/widget/identity.ts). Without a valid signature the console shows
// the visitor's identity as unverified.
import { useEffect, useState } from 'react';
import { t } from '../app/i18n';
import { api } from '../session/api';

interface IdentityAnswer {
  enabled: boolean;
  secret: string | null;
}

const SAMPLE = `// Node.js, on your server:
const user_hash = crypto.createHmac('sha256', SECRET).update(user.id).digest('hex');
// In the page:
document.querySelector('chat-widget').setUser({ user_id: user.id, name: user.name, user_hash });`;

export function IdentityVerification({ widgetId }: { widgetId: string }) {
  const [answer, setAnswer] = useState<IdentityAnswer | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    api<IdentityAnswer>(`/api/widget/identity?widget_id=${encodeURIComponent(widgetId)}`)
      .then((a) => live && setAnswer(a))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [widgetId]);
  const change = async (action: 'generate' | 'disable') => {
    try {
      setAnswer(
        await api<IdentityAnswer>('/api/widget/identity', {
          method: 'POST',
          body: { widget_id: widgetId, action },
        }),
      );
      setFailed(false);
    } catch {
      setFailed(true);
    }
  };
  return (
    <section className="ws-identity" aria-labelledby="ws-identity-title">
      <h3 id="ws-identity-title">{t('widgetSettings.identityTitle')}</h3>
      <p>{t('widgetSettings.identityHelp')}</p>
      {failed ? <p className="form-error">{t('widgetSettings.identityFail')}</p> : null}
      {answer?.secret ? (
        <>
          <p>
            {t('widgetSettings.identitySecret')} <code data-testid="identity-secret">{answer.secret}</code>
          </p>
          <pre className="ws-snippet">
            <code>{SAMPLE}</code>
          </pre>
        </>
      ) : answer ? (
        <p className="muted">{t('widgetSettings.identityOff')}</p>
      ) : null}
      {answer ? (
        <p>
          <button type="button" className="ws-button" onClick={() => void change('generate')}>
            {answer.secret ? t('widgetSettings.identityRotate') : t('widgetSettings.identityGenerate')}
          </button>{' '}
          {answer.secret ? (
            <button type="button" className="ws-button" onClick={() => void change('disable')}>
              {t('widgetSettings.identityDisable')}
            </button>
          ) : null}
        </p>
      ) : null}
    </section>
  );
}
