// "Connect a channel": one button per platform, for roles that may write 'settings', opening
// the channel form for a new LINE, Messenger, Instagram or WeChat channel.
import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useState } from 'react';
import { PLATFORM_CHANNEL_TYPES, type PlatformChannelType } from '../../core/channels/settings';
import { t } from '../app/i18n';
import { canDo } from '../session/access';
import { PlatformChannelModal } from './PlatformChannelModal';
import './platformChannels.css';

export function ConnectChannels() {
  useSignals();
  const [open, setOpen] = useState<PlatformChannelType | null>(null);
  const close = useCallback(() => setOpen(null), []);
  // The server's rule (the 'settings' area at write; owners and admins by default).
  if (!canDo('settings', 'write')) return null;
  return (
    <section className="pc-connect" aria-labelledby="pc-connect-title">
      <h2 id="pc-connect-title">{t('channels.connectHeading')}</h2>
      <div className="pc-connect-buttons">
        {PLATFORM_CHANNEL_TYPES.map((type) => (
          <button
            key={type}
            type="button"
            className={`ws-button pc-kind pc-${type}`}
            onClick={() => setOpen(type)}
          >
            {t('channels.connectKind', { kind: t(`channels.kinds.${type}`) })}
          </button>
        ))}
      </div>
      {open ? <PlatformChannelModal type={open} channelId={null} onClose={close} /> : null}
    </section>
  );
}
