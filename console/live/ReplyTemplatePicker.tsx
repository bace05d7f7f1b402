// The composer's template picker (spec 2 "message template picker"), in two tabs: saved reply
// messages (the groups the API lists, then the replies in no group) and saved message templates
// from /message-template. Image maps are offered only in LINE chats, the one platform that has them.
import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense, useEffect, useState } from 'react';
import { channelTypeOf } from '../../core/chat/listFilters';
import { PREVIEW_CHANNELS, type PreviewChannel, type TemplateKind } from '../../core/template/channelPreview';
import { t } from '../app/i18n';
import { getReplyGroups, type ReplyGroups } from './calls';
import { sendMessageTemplate, sendTemplate } from './chatActions';
import { Popover } from './Popover';
import { selected } from './state';

const TemplatePicker = lazy(() => import('../templates/TemplatePicker'));

type Loaded = { state: 'loading' } | { state: 'ready'; groups: ReplyGroups } | { state: 'unavailable' };
type Tab = 'replies' | 'templates';

const CARD_KINDS: readonly TemplateKind[] = ['bubble', 'carousel'];
const LINE_KINDS: readonly TemplateKind[] = ['bubble', 'carousel', 'imagemap'];

/** Which saved templates a chat on this channel can receive. */
export function templateKindsFor(channelType: string): readonly TemplateKind[] {
  return channelType === 'line' ? LINE_KINDS : CARD_KINDS;
}

/** The channel whose conversion a chat of this type gets (undefined for a type with none). */
export function previewChannelOf(channelType: string): PreviewChannel | undefined {
  return (PREVIEW_CHANNELS as readonly string[]).includes(channelType)
    ? (channelType as PreviewChannel)
    : undefined;
}

function ReplyList({ onClose }: { onClose: () => void }) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    getReplyGroups()
      .then((groups) => {
        if (live) setLoaded({ state: 'ready', groups });
      })
      .catch(() => {
        if (live) setLoaded({ state: 'unavailable' });
      });
    return () => {
      live = false;
    };
  }, []);
  const templates =
    loaded.state === 'ready'
      ? [
          ...(loaded.groups.list ?? []).flatMap((g) =>
            (g.messages ?? []).map((m) => ({ group: g.name, ...m })),
          ),
          ...(loaded.groups.ungrouped ?? []).map((m) => ({ group: t('live.templates.ungrouped'), ...m })),
        ]
      : [];
  return (
    <>
      {loaded.state === 'loading' ? <p className="muted">{t('layout.loading')}</p> : null}
      {loaded.state !== 'loading' && templates.length === 0 ? (
        <div className="picker-empty" data-testid="templates-empty">
          <p>{t('live.templates.empty')}</p>
          <p className="muted">
            {loaded.state === 'unavailable' ? t('live.templates.unavailable') : t('live.templates.hint')}
          </p>
        </div>
      ) : null}
      {templates.length > 0 ? (
        <ul className="template-list">
          {templates.map((tpl) => (
            <li key={tpl._id}>
              <button
                type="button"
                onClick={() => {
                  sendTemplate(tpl._id, tpl.name);
                  onClose();
                }}
              >
                <span>{tpl.name}</span>
                <span className="muted">{tpl.group}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

export function ReplyTemplatePicker({ onClose }: { onClose: () => void }) {
  useSignals();
  const [tab, setTab] = useState<Tab>('replies');
  const channel = selected.value ? channelTypeOf(selected.value) : '';
  return (
    <Popover label={t('live.composer.templates')} onClose={onClose}>
      <div className="picker-tabs" role="tablist" aria-label={t('live.composer.templates')}>
        {(['replies', 'templates'] as const).map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={tab === key}
            className={tab === key ? 'on' : ''}
            onClick={() => setTab(key)}
          >
            {t(`live.templates.tabs.${key}`)}
          </button>
        ))}
      </div>
      {tab === 'replies' ? (
        <ReplyList onClose={onClose} />
      ) : (
        <div className="picker-templates" role="tabpanel">
          <Suspense fallback={<p className="muted">{t('layout.loading')}</p>}>
            <TemplatePicker
              kinds={templateKindsFor(channel)}
              channel={previewChannelOf(channel)}
              onPick={(template) => {
                sendMessageTemplate(template._id, template.name);
                onClose();
              }}
            />
          </Suspense>
          {channel === 'line' ? null : (
            <p className="muted picker-note" data-testid="imagemap-line-only">
              {t('live.templates.imagemapLineOnly')}
            </p>
          )}
        </div>
      )}
    </Popover>
  );
}
