import { useSignals } from '@preact/signals-react/runtime';
import { t } from '../app/i18n';
import { currentAccount, profile, selectAccount } from '../session/state';
import { Dropdown } from './Dropdown';
import { Icon } from './icons';

/** Picks the official account every request works on (its id is the channel_id header). */
export function AccountSelector() {
  useSignals();
  const account = currentAccount.value;
  const accounts = profile.value?.accounts ?? [];
  if (!account) return null;
  return (
    <Dropdown
      label={t('layout.switchAccount')}
      align="start"
      width={280}
      className="account-selector"
      button={
        <span className="account-button">
          <span className="account-picture" aria-hidden="true">
            {[...account.name][0]?.toUpperCase()}
          </span>
          <span className="account-name">{account.name}</span>
          <Icon name="chevron" size={16} />
        </span>
      }
    >
      {(close) => (
        <div>
          <h2 className="dropdown-title">{t('layout.account')}</h2>
          <ul className="menu-list">
            {accounts.map((a) => (
              <li key={a._id}>
                <button
                  type="button"
                  aria-current={a._id === account._id}
                  onClick={() => {
                    selectAccount(a._id);
                    close();
                  }}
                >
                  {a.name}
                  <span className="muted"> · {a.role.name}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Dropdown>
  );
}
