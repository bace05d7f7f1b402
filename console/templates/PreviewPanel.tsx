// The live preview beside the editor: the LINE tab draws the card as LINE lays it out (or the
// image map), and lists what still stops a save; the other tab shows what each other channel
// gets, or why it cannot.
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import type { PreviewChannel } from '../../core/template/channelPreview';
import type { FlexMessage } from '../../core/template/flexTypes';
import type { LineImagemapMessage } from '../../core/template/imagemap';
import type { MetaMessage } from '../../core/template/messenger';
import type { ConvertResult } from '../../core/template/result';
import type { WeChatMessage } from '../../core/template/wechat';
import type { WidgetCardMessage } from '../../core/template/widgetCard';
import type { FieldError } from '../../core/validation/rules';
import { t } from '../app/i18n';
import { localMessage } from '../app/localMessage';
import { MetaView, WeChatView, WidgetView } from './ChannelViews';
import { describeField } from './errorText';
import { ImagemapCanvas } from './ImagemapEditor';
import { LineFlexPreview } from './LinePreview';
import { areaOfPath, blockOfPath } from './paths';
import {
  areaIndex,
  card,
  channelPreviews,
  itemIndex,
  kind,
  name,
  previewContents,
  problems,
  selectedKey,
  touch,
} from './state';

export function blockLabel(item: number, block: number): string {
  const b = card.value.items[item]?.contents[block];
  return b ? t(`templates.blocks.${b.component}`) : t('templates.blockN', { n: block + 1 });
}

/** Opens the bubble and block (or area) a field belongs to and brings the field into view. */
export function goToField(field: string) {
  const inBlock = blockOfPath(field);
  if (inBlock) {
    itemIndex.value = inBlock.item;
    selectedKey.value = card.value.items[inBlock.item]?.contents[inBlock.block]?.key ?? null;
  }
  const inArea = areaOfPath(field);
  if (inArea) areaIndex.value = inArea.area;
  touch(field);
  setTimeout(() => {
    const el = document.querySelector<HTMLElement>(`[data-field="${CSS.escape(field)}"]`);
    el?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    el?.querySelector<HTMLElement>('input, select, textarea')?.focus({ preventScroll: true });
  }, 50);
}

function ProblemList({ errors, testId }: { errors: FieldError[]; testId?: string }) {
  return (
    <ul className="tpl-problems" data-testid={testId}>
      {errors.map((e, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a problem list is rebuilt on every change
        <li key={i}>
          <button type="button" className="tpl-link" onClick={() => goToField(e.field)}>
            {e.field ? <span className="tpl-problem-where">{describeField(e.field, blockLabel)}</span> : null}
            <span>{localMessage(e.message)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function LineTab() {
  useSignals();
  const list = problems.value;
  const contents = previewContents.value;
  const alt = kind.value === 'card' ? card.value.altText?.trim() || name.value.trim() : '';
  return (
    <div className="tpl-line-tab">
      <div className="tpl-phone" data-testid="line-preview">
        {alt ? <p className="tpl-phone-alt">{t('templates.preview.altText', { text: alt })}</p> : null}
        {kind.value === 'imagemap' ? (
          <div className="tpl-phone-imagemap">
            <ImagemapCanvas editable={false} />
          </div>
        ) : contents ? (
          <LineFlexPreview contents={contents} />
        ) : null}
      </div>
      {list.length === 0 ? (
        <p className="tpl-ok" data-testid="ready">
          ✓ {t('templates.preview.ready')}
        </p>
      ) : (
        <div className="tpl-problem-box">
          <p>{t('templates.preview.problems', { n: list.length })}</p>
          <ProblemList errors={list} testId="problems" />
        </div>
      )}
    </div>
  );
}

const CHANNEL_ORDER: PreviewChannel[] = ['line', 'messenger', 'instagram', 'widget', 'wechat'];

function ChannelResult({ channel, result }: { channel: PreviewChannel; result: ConvertResult<unknown> }) {
  const [json, setJson] = useState(false);
  return (
    <section className={`tpl-channel ${result.ok ? 'ok' : 'no'}`} data-testid={`channel-${channel}`}>
      <header>
        <h3>{t(`templates.channels.${channel}`)}</h3>
        <span className={`tpl-badge ${result.ok ? 'ok' : 'no'}`}>
          {result.ok ? t('templates.preview.canSend') : t('templates.preview.cannotSend')}
        </span>
      </header>
      {result.ok ? (
        <>
          <div className="tpl-channel-view">
            {channel === 'line' ? (
              (result.message as FlexMessage | LineImagemapMessage).type === 'flex' ? (
                <LineFlexPreview contents={(result.message as FlexMessage).contents} />
              ) : (
                <p className="tpl-hint">{t('templates.preview.imagemapLine')}</p>
              )
            ) : null}
            {channel === 'messenger' || channel === 'instagram' ? (
              <MetaView message={result.message as MetaMessage} />
            ) : null}
            {channel === 'widget' ? <WidgetView message={result.message as WidgetCardMessage} /> : null}
            {channel === 'wechat' ? <WeChatView messages={result.message as WeChatMessage[]} /> : null}
          </div>
          <button type="button" className="tpl-link" aria-expanded={json} onClick={() => setJson(!json)}>
            {json ? t('templates.preview.hideJson') : t('templates.preview.showJson')}
          </button>
          {json ? <pre className="tpl-json">{JSON.stringify(result.message, null, 2)}</pre> : null}
        </>
      ) : (
        <ProblemList errors={result.errors} />
      )}
    </section>
  );
}

function ChannelsTab() {
  useSignals();
  const previews = channelPreviews.value;
  return (
    <div className="tpl-channels">
      {CHANNEL_ORDER.map((channel) => (
        <ChannelResult key={channel} channel={channel} result={previews[channel] as ConvertResult<unknown>} />
      ))}
    </div>
  );
}

export function PreviewPanel() {
  const [tab, setTab] = useState<'line' | 'channels'>('line');
  return (
    <aside className="tpl-preview" aria-label={t('templates.preview.title')}>
      <div className="tpl-tabs" role="tablist">
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'line'}
          className={tab === 'line' ? 'on' : ''}
          onClick={() => setTab('line')}
        >
          {t('templates.preview.line')}
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'channels'}
          className={tab === 'channels' ? 'on' : ''}
          data-testid="channels-tab"
          onClick={() => setTab('channels')}
        >
          {t('templates.preview.otherChannels')}
        </button>
      </div>
      <div role="tabpanel">{tab === 'line' ? <LineTab /> : <ChannelsTab />}</div>
    </aside>
  );
}
