// Settings → Channels (/setting/channel): the account's channels, each with its settings. Channel
// kinds plug in through CHANNEL_KINDS, so LINE, Messenger, Instagram and WeChat accounts can join.
import { useSignals } from '@preact/signals-react/runtime';
import { type ComponentType, useCallback, useEffect, useState } from 'react';
import { t } from '../app/i18n';
import type { PageProps } from '../app/pages';
import { PageHeader } from '../pages/PageHeader';
import { currentAccount } from '../session/state';
import './channels.css';
import { ConnectChannels } from './ConnectChannels';
import { PlatformChannelSettings } from './PlatformChannelModal';
import { loadPlatformChannels, platformChannels } from './platformState';
import { WidgetSettingsModal } from './WidgetSettingsModal';

export interface ChannelRow {
  _id: string;
  type: string;
  name: string;
}

/** What the page knows about a kind of channel: its label and, if any, its settings modal. */
export const CHANNEL_KINDS: Record<
  string,
  { label: string; Settings?: ComponentType<{ widgetId: string; onClose: () => void }> }
> = {
  widget: { label: 'widgetSettings.kinds.widget', Settings: WidgetSettingsModal },
  line: { label: 'widgetSettings.kinds.line', Settings: PlatformChannelSettings },
  messenger: { label: 'widgetSettings.kinds.messenger', Settings: PlatformChannelSettings },
  instagram: { label: 'widgetSettings.kinds.instagram', Settings: PlatformChannelSettings },
  wechat: { label: 'widgetSettings.kinds.wechat', Settings: PlatformChannelSettings },
};

export default function ChannelSettingsPage({ titleKey }: PageProps) {
  useSignals();
  const [open, setOpen] = useState<ChannelRow | null>(null);
  const close = useCallback(() => setOpen(null), []);
  const channels = currentAccount.value?.channels ?? [];
  const Settings = open ? CHANNEL_KINDS[open.type]?.Settings : undefined;
  // Whether each LINE, Messenger, Instagram or WeChat channel is switched on (a web chat always is).
  useEffect(() => {
    void loadPlatformChannels();
  }, []);
  const isOn = (c: ChannelRow) =>
    c.type === 'widget' || (platformChannels.value.find((p) => p._id === c._id)?.enabled ?? null);
  return (
    <>
      <PageHeader title={t(titleKey)} />
      <section className="channels-page">
        {channels.length === 0 ? (
          <p className="empty-state">{t('widgetSettings.noChannels')}</p>
        ) : (
          <table className="channels-table">
            <thead>
              <tr>
                <th>{t('widgetSettings.channelName')}</th>
                <th>{t('widgetSettings.channelType')}</th>
                <th>{t('widgetSettings.channelId')}</th>
                <th>{t('widgetSettings.channelStatus')}</th>
                <th>
                  <span className="visually-hidden">{t('widgetSettings.settings')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {channels.map((c) => {
                const kind = CHANNEL_KINDS[c.type];
                return (
                  <tr key={c._id}>
                    <td>{c.name}</td>
                    <td>{kind ? t(kind.label) : c.type}</td>
                    <td>
                      <code>{c._id}</code>
                    </td>
                    <td>
                      {isOn(c) === null ? null : (
                        <span className={`channel-status ${isOn(c) ? 'on' : 'off'}`}>
                          {t(isOn(c) ? 'widgetSettings.channelOn' : 'widgetSettings.channelOff')}
                        </span>
                      )}
                    </td>
                    <td className="channels-actions">
                      {kind?.Settings ? (
                        <button
                          type="button"
                          className="ws-button"
                          aria-label={`${t('widgetSettings.settings')} — ${c.name}`}
                          onClick={() => setOpen(c)}
                        >
                          {t('widgetSettings.settings')}
                        </button>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </section>
      <ConnectChannels />
      {open && Settings ? <Settings widgetId={open._id} onClose={close} /> : null}
    </>
  );
}
