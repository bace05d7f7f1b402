// A reusable picker of saved templates (for the inbox, broadcasts, reply messages): search, pick
// one, get it back in full (its form and its LINE message).
//
//   <TemplatePicker onPick={(template) => …} kinds={['bubble', 'carousel']} />
//
// It draws a list only (no dialog around it), so callers put it in their own popover or modal.
import { useEffect, useId, useState } from 'react';
import { formatDateTime } from '../../core/format/dates';
import type { PreviewChannel, TemplateKind } from '../../core/template/channelPreview';
import { t } from '../app/i18n';
import { localMessage } from '../app/localMessage';
import { getTemplate, listTemplates, type SavedTemplate, type TemplateSummary } from './api';
import './templates.css';

export type { SavedTemplate, TemplateSummary } from './api';

export interface TemplatePickerProps {
  onPick(template: SavedTemplate): void;
  /** Which kinds to offer; all by default (the inbox can send bubbles and carousels only). */
  kinds?: readonly TemplateKind[];
  /**
   * The channel of the chat it is sent to: a template that channel cannot carry is shown, with the
   * first reason its channel preview gives, but cannot be picked.
   */
  channel?: PreviewChannel;
}

export function kindLabel(template: Pick<TemplateSummary, 'kind' | 'count'>): string {
  if (template.kind === 'imagemap') return t('templates.kinds.imagemap');
  if (template.kind === 'carousel') return t('templates.kinds.carouselN', { n: template.count });
  return t('templates.kinds.bubble');
}

export function TemplatePicker({ onPick, kinds, channel }: TemplatePickerProps) {
  const [search, setSearch] = useState('');
  const [list, setList] = useState<TemplateSummary[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const heading = useId();
  const allowed = kinds?.join(',') ?? '';

  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      listTemplates({ search: search.trim() || undefined, limit: 50, channel })
        .then((r) => {
          if (!live) return;
          const only = allowed ? allowed.split(',') : null;
          setList(only ? r.list.filter((x) => only.includes(x.kind)) : r.list);
          setFailed(false);
        })
        .catch(() => live && setFailed(true));
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [search, allowed, channel]);

  const pick = async (id: string) => {
    setBusy(id);
    try {
      onPick(await getTemplate(id));
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="tpl-picker" data-testid="template-picker">
      <h3 id={heading} className="tpl-picker-title">
        {t('templates.picker.title')}
      </h3>
      <input
        type="search"
        className="tpl-search"
        placeholder={t('templates.searchPlaceholder')}
        aria-label={t('templates.searchPlaceholder')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {failed ? <p className="tpl-field-error">{t('templates.loadFail')}</p> : null}
      {list === null && !failed ? <p className="tpl-hint">{t('templates.loading')}</p> : null}
      {list?.length === 0 ? (
        <p className="tpl-hint">
          {search.trim() ? t('templates.noMatch', { search: search.trim() }) : t('templates.picker.empty')}
        </p>
      ) : null}
      {list?.length ? (
        <ul className="tpl-picker-list" aria-labelledby={heading}>
          {list.map((x) => {
            const refused = x.channel_errors?.[0];
            return (
              <li key={x._id}>
                <button
                  type="button"
                  disabled={busy !== null || refused !== undefined}
                  onClick={() => pick(x._id)}
                >
                  <span className="tpl-picker-name">{x.name}</span>
                  <span className="tpl-hint">
                    {kindLabel(x)} · {formatDateTime(x.updated_at)}
                  </span>
                  {refused ? (
                    <span className="tpl-picker-refused" data-testid="picker-refused">
                      {t('templates.picker.cannotSend', { reason: localMessage(refused.message) })}
                    </span>
                  ) : null}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}

export default TemplatePicker;
