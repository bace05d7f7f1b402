import { useSignals } from '@preact/signals-react/runtime';
import { Link } from 'wouter';
import { roleLabel } from '../../core/access/roleNames';
import { localizePath } from '../../core/routes';
import { locale, t } from '../app/i18n';
import { currentAccount, profile, signOut } from '../session/state';
import { Dropdown } from './Dropdown';

function initials(name: string) {
  return [...name.trim()].slice(0, 1).join('').toUpperCase() || '?';
}

export function ProfileMenu() {
  useSignals();
  const user = profile.value;
  if (!user) return null;
  return (
    <Dropdown
      label={t('layout.profile')}
      button={<span className="avatar">{initials(user.display_name)}</span>}
      width={260}
      className="profile-menu"
    >
      {(close) => (
        <div className="profile-card">
          <strong className="profile-name">{user.display_name}</strong>
          <span className="muted">{user.email}</span>
          <span className={`badge ${user.email_verified ? 'badge-ok' : 'badge-warn'}`}>
            {user.email_verified ? t('layout.emailVerified') : t('layout.emailUnverified')}
          </span>
          {currentAccount.value ? (
            <span className="muted">
              {t('layout.role')}: {roleLabel(currentAccount.value.role, t)}
            </span>
          ) : null}
          <ul className="menu-list">
            <li>
              <Link href={localizePath('/profile', locale.value)} onClick={close}>
                {t('layout.profile')}
              </Link>
            </li>
            <li>
              <button type="button" onClick={() => signOut()}>
                {t('layout.logout')}
              </button>
            </li>
          </ul>
        </div>
      )}
    </Dropdown>
  );
}
