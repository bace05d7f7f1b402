// Customers' verification answers waiting for an agent (issue 16): approve makes the contact
// verified (spec 3 verify), reject tells the customer so. Refreshed every few seconds while open.
import { useCallback, useEffect, useState } from 'react';
import { formatDateTime } from '../../core/format/dates';
import { PRESET_FIELDS } from '../../core/verification/settings';
import { t } from '../app/i18n';
import { canDo } from '../session/access';
import { EmptyState, failed, notify } from '../settings/ui';
import { decideVerification, listVerificationRequests, type VerificationRequest } from './calls';

const REFRESH_MS = 10_000;

const presetLabel = (key: string) =>
  PRESET_FIELDS.some((f) => f.key === key) ? t(`verification.fields.${key}`) : key;

export function VerificationRequests() {
  const [status, setStatus] = useState<'pending' | 'all'>('pending');
  const [list, setList] = useState<VerificationRequest[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const mayDecide = canDo('contacts', 'write');

  const load = useCallback(() => {
    listVerificationRequests(status)
      .then((r) => setList(r.list))
      .catch(() => setList([]));
  }, [status]);
  useEffect(() => {
    load();
    const timer = setInterval(load, REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);

  const decide = async (r: VerificationRequest, decision: 'approve' | 'reject') => {
    setBusy(r._id);
    try {
      await decideVerification(r._id, decision);
      notify(
        'success',
        t('settings.common.success'),
        decision === 'approve' ? t('verification.requests.approved') : t('verification.requests.rejected'),
      );
      load();
    } catch (err) {
      failed(err);
      load();
    } finally {
      setBusy(null);
    }
  };

  return (
    <section
      className="st-section"
      aria-labelledby="verification-requests"
      data-testid="verification-requests"
    >
      <div className="api-section-head">
        <h2 id="verification-requests">{t('verification.requests.title')}</h2>
        <div className="st-tabs" role="tablist">
          {(['pending', 'all'] as const).map((s) => (
            <button
              key={s}
              type="button"
              role="tab"
              aria-selected={status === s}
              onClick={() => setStatus(s)}
            >
              {t(`verification.requests.${s}`)}
            </button>
          ))}
        </div>
      </div>
      {list && list.length === 0 ? (
        <EmptyState
          title={
            status === 'pending' ? t('verification.requests.empty') : t('verification.requests.emptyAll')
          }
          text={t('verification.requests.emptyText')}
        />
      ) : null}
      {list && list.length > 0 ? (
        <ul className="api-requests">
          {list.map((r) => (
            <li key={r._id} className="api-request" data-testid="verification-request">
              <div className="api-request-who">
                <strong>{r.follower.line_name || t('verification.requests.noName')}</strong>
                <span className="api-method">{r.follower.channel_type}</span>
                {r.submitted_at ? <span className="muted">{formatDateTime(r.submitted_at)}</span> : null}
              </div>
              <dl className="api-answers-list">
                {r.values.map((v) => (
                  <div key={v.key}>
                    <dt>{v.label || presetLabel(v.key)}</dt>
                    <dd>{v.value || '—'}</dd>
                  </div>
                ))}
              </dl>
              {r.status === 'pending' ? (
                mayDecide ? (
                  <div className="st-toolbar">
                    <button
                      type="button"
                      className="st-button primary"
                      disabled={busy === r._id}
                      onClick={() => void decide(r, 'approve')}
                    >
                      {t('verification.requests.approve')}
                    </button>
                    <button
                      type="button"
                      className="st-button"
                      disabled={busy === r._id}
                      onClick={() => void decide(r, 'reject')}
                    >
                      {t('verification.requests.reject')}
                    </button>
                  </div>
                ) : null
              ) : (
                <p className={`st-status${r.status === 'verified' ? '' : ' off'}`}>
                  {t(`verification.requests.states.${r.status}`)}
                  {r.decided_by ? ` · ${r.decided_by.display_name}` : ''}
                </p>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
