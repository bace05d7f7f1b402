import { useSignals } from '@preact/signals-react/runtime';
import { Link } from 'wouter';
import { localizePath, ROUTES } from '../../core/routes';
import { locale, t } from '../app/i18n';
import { inMenu } from '../session/access';
import { Dropdown } from './Dropdown';
import { Icon } from './icons';

export function SettingsMenu() {
  useSignals();
  const items = ROUTES.filter((r) => r.menu === 'settings' && inMenu(r));
  if (items.length === 0) return null;
  return (
    <Dropdown label={t('menu.settings')} button={<Icon name="settings" />} width={220}>
      {(close) => (
        <ul className="menu-list">
          {items.map((r) => (
            <li key={r.name}>
              <Link href={localizePath(r.path, locale.value)} onClick={close}>
                {t(r.title)}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Dropdown>
  );
}
