// /rich-menu: the two kinds of rich menu (spec 2: general for all friends, personal for verified
// contacts), each with what is live now.
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { localizePath } from '../../core/routes';
import { locale, t } from '../app/i18n';
import type { PageProps } from '../app/pages';
import { PageHeader } from '../pages/PageHeader';
import { listMenus, type RichMenuWire } from './api';
import '../automation/automation.css';
import '../templates/templates.css';
import './richmenu.css';

export default function RichMenuPage({ titleKey }: PageProps) {
  useSignals();
  const [live, setLive] = useState<Record<string, RichMenuWire | null> | null>(null);
  useEffect(() => {
    Promise.all([listMenus('general', 'current'), listMenus('personal', 'current')])
      .then(([g, p]) =>
        setLive({
          general: g.list.find((m) => m.is_active) ?? null,
          personal: p.list.find((m) => m.is_active) ?? null,
        }),
      )
      .catch(() => setLive({ general: null, personal: null }));
  }, []);
  const kinds = [
    { kind: 'general', path: '/rich-menu/general-rich-menu', title: 'title.richMenuGeneral' },
    { kind: 'personal', path: '/rich-menu/personal-rich-menu', title: 'title.richMenuPersonal' },
  ] as const;
  return (
    <>
      <PageHeader title={t(titleKey)} />
      <section className="auto-page">
        <ul className="rm-kinds">
          {kinds.map((k) => {
            const menu = live?.[k.kind] ?? null;
            return (
              <li key={k.kind} className="auto-card" data-testid={`kind-${k.kind}`}>
                <h2>{t(k.title)}</h2>
                <p className="lead">{t(`richMenu.about.${k.kind}`)}</p>
                <p>
                  {live === null
                    ? t('automation.loading')
                    : menu
                      ? t('richMenu.liveNow', { name: menu.name })
                      : t('richMenu.noneLive')}
                </p>
                <Link href={localizePath(k.path, locale.value)} className="tpl-button primary">
                  {t('richMenu.manage')}
                </Link>
              </li>
            );
          })}
        </ul>
      </section>
    </>
  );
}
