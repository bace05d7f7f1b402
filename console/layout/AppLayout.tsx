import { useSignals } from '@preact/signals-react/runtime';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { localizePath } from '../../core/routes';
import { locale, t } from '../app/i18n';
import { homePath } from '../session/access';
import { AccountSelector } from './AccountSelector';
import { AgentAvailability } from './AgentAvailability';
import { LanguageSwitcher } from './LanguageSwitcher';
import { LeftMenu } from './LeftMenu';
import { LoadingBar } from './LoadingBar';
import { OnlineAgents } from './OnlineAgents';
import { ProfileMenu } from './ProfileMenu';
import { SettingsMenu } from './SettingsMenu';

/** Spec 1 and 2: top bar (49 px), left menu (80 px) and the page. */
export function AppLayout({ children }: { children: ReactNode }) {
  useSignals();
  return (
    <div className="app-shell">
      <LoadingBar />
      <a className="skip-link" href="#main">
        {t('layout.skipToContent')}
      </a>
      <header className="top-bar">
        <Link href={localizePath(homePath.value, locale.value)} className="brand">
          <span className="brand-mark" aria-hidden="true" />
          <span className="brand-name">{t('app.name')}</span>
        </Link>
        <AccountSelector />
        <div className="top-bar-end">
          <AgentAvailability />
          <OnlineAgents />
          <LanguageSwitcher />
          {/* Lists only what the role may reach (none: no menu), for agents too. */}
          <SettingsMenu />
          <ProfileMenu />
        </div>
      </header>
      <LeftMenu />
      <main id="main" className="page" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
