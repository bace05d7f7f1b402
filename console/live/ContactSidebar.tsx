// The contact details sidebar (320 px): profile, nickname, following and spam, the contact's
// fields as the viewer may see them (spec 6), tags and notes.
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { shownContactFields } from '../../core/access/contactAccess';
import { channelTypeOf } from '../../core/chat/listFilters';
import { formatDate, formatDateTime } from '../../core/format/dates';
import type { WidgetIdentity } from '../../core/models/chat';
import { t } from '../app/i18n';
import { canDo } from '../session/access';
import { currentAccount } from '../session/state';
import { Avatar } from './Avatar';
import { displayName } from './ChatListItem';
import { type FollowerContact, getContact, setNickname } from './calls';
import { toggleFollow, toggleSpam } from './chatActions';
import { applyLiveFollower } from './listActions';
import { Notes } from './Notes';
import { notice, selected, sidebarOpen } from './state';
import { Tags } from './Tags';

function fieldValue(type: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  if (type === 'date') return formatDate(value) || String(value);
  if (type === 'date_time') return formatDateTime(value) || String(value);
  if (Array.isArray(value)) return value.map(String).join(', ');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** setUser() details from the widget: verified only when the site owner's signature matched. */
function IdentityBlock({ identity }: { identity: WidgetIdentity }) {
  const rows = (['user_id', 'name', 'email', 'phone'] as const).filter((k) => identity[k]);
  return (
    <section className="sidebar-section" data-testid="widget-identity">
      <h3>
        {t('live.identityTitle')}{' '}
        <span className={identity.verified ? 'identity-badge verified' : 'identity-badge unverified'}>
          {identity.verified ? t('live.identityVerified') : t('live.identityUnverified')}
        </span>
      </h3>
      <dl className="contact-fields">
        {rows.map((k) => (
          <div key={k}>
            <dt>{t(`live.identity.${k}`)}</dt>
            <dd>{identity[k]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * Where the sidebar lies when it floats over the conversation (live.css, up to 1200 px wide): over
 * the messages only, so the chat header's buttons above and the composer below stay in reach.
 * Kept up to date as the header wraps or the composer grows; a wide layout ignores it.
 */
function placeOverMessages(aside: HTMLElement | null) {
  const page = aside?.closest<HTMLElement>('.live-page');
  const messages = page?.querySelector<HTMLElement>('.message-pane [data-testid="messages"]');
  if (!aside || !page || !messages) return;
  const place = () => {
    const outer = page.getBoundingClientRect();
    const inner = messages.getBoundingClientRect();
    aside.style.setProperty('--over-messages-top', `${Math.max(0, inner.top - outer.top)}px`);
    aside.style.setProperty('--over-messages-bottom', `${Math.max(0, outer.bottom - inner.bottom)}px`);
  };
  place();
  if (typeof ResizeObserver !== 'function') return;
  const observer = new ResizeObserver(place);
  observer.observe(page);
  observer.observe(messages);
  return () => observer.disconnect();
}

export function ContactSidebar() {
  useSignals();
  const f = selected.value;
  const [contact, setContact] = useState<FollowerContact['contact'] | null>(null);
  const [editing, setEditing] = useState(false);
  const [nick, setNick] = useState('');
  // Nickname, following and spam are chat actions: not for a role that may only read chats.
  const acts = canDo('chat', 'write');
  const followerId = f?._id;
  const ref = useRef<HTMLElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another chat brings another message list to lie over
  useLayoutEffect(() => placeOverMessages(ref.current), [followerId]);
  useEffect(() => {
    setContact(null);
    setEditing(false);
    if (!followerId) return;
    let live = true;
    getContact(followerId)
      .then((r) => {
        if (live) setContact(r.contact);
      })
      .catch(() => {
        if (live) setContact({ contact_detail: [] });
      });
    return () => {
      live = false;
    };
  }, [followerId]);
  if (!f) return null;
  const role = currentAccount.value?.role;
  const verified = contact?.verify?.is_verify === true;
  const fields = shownContactFields(
    contact?.contact_detail ?? f.contact_detail,
    { role_id: role?._id ?? '', level: role?.level ?? Number.MAX_SAFE_INTEGER },
    verified,
  );
  const name = displayName(f);
  const saveNick = async () => {
    try {
      const r = await setNickname(f._id, nick.trim());
      if (r.follower) applyLiveFollower(r.follower);
      setEditing(false);
    } catch {
      notice.value = { kind: 'error', text: 'live.actionFailed' };
    }
  };
  return (
    <aside
      ref={ref}
      className="contact-sidebar"
      aria-label={t('live.contactDetails')}
      data-testid="contact-sidebar"
    >
      <header className="sidebar-head">
        <h2>{t('live.contactDetails')}</h2>
        <button
          type="button"
          className="icon-button"
          aria-label={t('live.close')}
          onClick={() => {
            sidebarOpen.value = false;
          }}
        >
          ×
        </button>
      </header>
      <div className="sidebar-scroll">
        <section className="sidebar-profile">
          <Avatar name={name} image={f.line_image} size={64} />
          <p className="sidebar-name">{f.line_name || t('live.unnamed')}</p>
          {editing ? (
            <form
              className="nick-form"
              onSubmit={(e) => {
                e.preventDefault();
                void saveNick();
              }}
            >
              <input
                className="text-input"
                value={nick}
                maxLength={100}
                aria-label={t('live.nickname')}
                onChange={(e) => setNick(e.target.value)}
              />
              <button type="submit" className="action-button primary">
                {t('live.save')}
              </button>
              <button type="button" className="action-button" onClick={() => setEditing(false)}>
                {t('live.cancel')}
              </button>
            </form>
          ) : (
            <p className="muted">
              {f.line_nickname ? t('live.nicknameIs', { name: f.line_nickname }) : t('live.noNickname')}{' '}
              {acts ? (
                <button
                  type="button"
                  className="link-button"
                  onClick={() => {
                    setNick(f.line_nickname ?? '');
                    setEditing(true);
                  }}
                >
                  {t('live.editNickname')}
                </button>
              ) : null}
            </p>
          )}
          <p className="muted">{t(`live.channel.${channelTypeOf(f) || 'widget'}`)}</p>
          {acts ? (
            <div className="sidebar-toggles">
              <button
                type="button"
                className="action-button"
                aria-pressed={f.is_follow}
                onClick={() => void toggleFollow(f)}
              >
                {f.is_follow ? t('live.unfollow') : t('live.follow')}
              </button>
              <button
                type="button"
                className="action-button"
                aria-pressed={f.is_spam}
                onClick={() => void toggleSpam(f)}
              >
                {f.is_spam ? t('live.notSpam') : t('live.markSpam')}
              </button>
            </div>
          ) : null}
        </section>
        {f.widget_identity ? <IdentityBlock identity={f.widget_identity} /> : null}
        <section className="sidebar-section">
          <h3>{t('live.fields')}</h3>
          {contact === null ? <p className="muted">{t('layout.loading')}</p> : null}
          {contact && fields.length === 0 ? <p className="muted">{t('live.noFields')}</p> : null}
          <dl className="contact-fields">
            {fields.map((field) => (
              <div key={field.key}>
                <dt>{field.key}</dt>
                <dd>{field.hidden ? '-' : fieldValue(field.type, field.value)}</dd>
              </div>
            ))}
          </dl>
        </section>
        <Tags followerId={f._id} />
        <Notes followerId={f._id} />
      </div>
    </aside>
  );
}
