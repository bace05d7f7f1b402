import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { roleLabel } from '../../core/access/roleNames';
import { CreateAccountModal } from '../accounts/CreateAccountModal';
import { t } from '../app/i18n';
import { api } from '../session/api';
import { currentAccount, loadProfile, profile, selectAccount } from '../session/state';
import { failed } from '../settings/ui';
import { Confirm } from '../ui/Dialog';
import { Dropdown } from './Dropdown';
import { Icon } from './icons';
import '../accounts/accounts.css';

/** Owners and admins open new official accounts (server/accounts/officialAccounts.ts). */
const CREATE_LEVEL = 2;

/**
 * Switches to another account. The page is loaded again under it, so no screen, list, cache or
 * socket of the previous account survives: every screen shows that account's data only.
 */
export function switchAccount(id: string) {
  selectAccount(id);
  window.location.reload();
}

/** Picks the official account every request works on (its id is the channel_id header). */
export function AccountSelector() {
  useSignals();
  const [dialog, setDialog] = useState<'create' | 'delete' | null>(null);
  const account = currentAccount.value;
  const accounts = profile.value?.accounts ?? [];
  if (!account) return null;
  const mayCreate = account.role.level <= CREATE_LEVEL;
  const mayDelete = account.role.level === 1 && accounts.length > 1;
  const remove = async () => {
    setDialog(null);
    try {
      await api(`/api/accounts/${account._id}`, { method: 'DELETE' });
      const next = (await loadProfile())?.accounts[0];
      if (next) switchAccount(next._id);
    } catch (err) {
      failed(err);
    }
  };
  return (
    <>
      <Dropdown
        label={t('layout.switchAccount')}
        align="start"
        width={280}
        className="account-selector"
        button={
          <span className="account-button">
            <span className="account-picture">{[...account.name][0]?.toUpperCase()}</span>
            <span className="account-name">{account.name}</span>
            <Icon name="chevron" size={16} />
          </span>
        }
      >
        {(close) => (
          <div>
            <h2 className="dropdown-title">{t('layout.account')}</h2>
            <ul className="menu-list" data-testid="account-list">
              {accounts.map((a) => (
                <li key={a._id}>
                  <button
                    type="button"
                    aria-current={a._id === account._id}
                    onClick={() => {
                      close();
                      if (a._id !== account._id) switchAccount(a._id);
                    }}
                  >
                    {a.name}
                    <span className="muted"> · {roleLabel(a.role, t)}</span>
                  </button>
                </li>
              ))}
            </ul>
            {mayCreate || mayDelete ? (
              <ul className="menu-list account-actions">
                {mayCreate ? (
                  <li>
                    <button
                      type="button"
                      onClick={() => {
                        close();
                        setDialog('create');
                      }}
                    >
                      + {t('accounts.create.open')}
                    </button>
                  </li>
                ) : null}
                {mayDelete ? (
                  <li>
                    <button
                      type="button"
                      className="danger"
                      onClick={() => {
                        close();
                        setDialog('delete');
                      }}
                    >
                      {t('accounts.delete.open', { name: account.name })}
                    </button>
                  </li>
                ) : null}
              </ul>
            ) : null}
          </div>
        )}
      </Dropdown>
      {dialog === 'create' ? (
        <CreateAccountModal
          onClose={() => setDialog(null)}
          onCreated={async (created) => {
            setDialog(null);
            await loadProfile().catch(() => null);
            switchAccount(created._id);
          }}
        />
      ) : null}
      {dialog === 'delete' ? (
        <Confirm
          title={t('accounts.delete.title')}
          text={t('settings.common.deleteConfirm')}
          danger
          onNo={() => setDialog(null)}
          onYes={() => void remove()}
        >
          <p className="muted">{t('accounts.delete.detail', { name: account.name })}</p>
        </Confirm>
      ) : null}
    </>
  );
}
