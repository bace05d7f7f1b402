// /message-template/new and /message-template/{id}: the template editor with its live preview.
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { localizePath } from '../../core/routes';
import { MAX_TEMPLATE_BUBBLES } from '../../core/template/form';
import { locale, t } from '../app/i18n';
import { localMessage } from '../app/localMessage';
import type { PageProps } from '../app/pages';
import { canDo } from '../session/access';
import { ApiError } from '../session/api';
import { forgetTemplateChoices } from './ActionForm';
import { createTemplate, getTemplate, updateTemplate } from './api';
import { CardEditor } from './CardEditor';
import { AlertDialog } from './Dialog';
import { Segmented } from './fields';
import { ImagemapEditor } from './ImagemapEditor';
import { useLeaveGuard } from './leaveGuard';
import { PreviewPanel } from './PreviewPanel';
import { SendTestDialog } from './SendTestDialog';
import {
  bubbleAlert,
  card,
  countSubmit,
  dirty,
  type EditorKind,
  kind,
  load,
  name,
  problems,
  requestBody,
  shownProblem,
  startNew,
  switchKind,
  templateId,
  touch,
} from './state';
import { notifyFailed, notifySaved, Toasts } from './Toasts';
import './templates.css';

type Status = 'loading' | 'ready' | 'missing' | 'error';

/** `key` and `key.sub` of the card's API variables, offered wherever an API variable is named. */
function apiVariableNames(): string[] {
  const out: string[] = [];
  const walk = (list: { key: string; sub?: unknown[] }[] | undefined, prefix: string) => {
    for (const v of list ?? []) {
      out.push(`${prefix}${v.key}`);
      walk(v.sub as { key: string; sub?: unknown[] }[] | undefined, `${prefix}${v.key}.`);
    }
  };
  walk(card.value.apiSetting?.variables_option, '');
  return out;
}

function NameField() {
  useSignals();
  const id = useId();
  const problem = shownProblem('name');
  return (
    <div className="tpl-field tpl-name" data-field="name">
      <label htmlFor={id}>{t('templates.name')}</label>
      <input
        id={id}
        type="text"
        value={name.value}
        maxLength={100}
        placeholder={t('templates.namePlaceholder')}
        aria-invalid={problem ? true : undefined}
        onChange={(e) => {
          name.value = e.target.value;
          touch('name');
        }}
      />
      {problem ? <span className="tpl-field-error">{localMessage(problem)}</span> : null}
    </div>
  );
}

export default function TemplateEditorPage({ params }: PageProps) {
  useSignals();
  const id = params.id ?? null;
  const [, navigate] = useLocation();
  const search = useSearch();
  const [status, setStatus] = useState<Status>(id ? 'loading' : 'ready');
  const [saving, setSaving] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const [sending, setSending] = useState(false);
  // A role that only reads templates sees and tries them (preview, send test) but cannot save.
  const mayWrite = canDo('templates', 'write');
  const { leave, dialog: leaveDialog } = useLeaveGuard(() => mayWrite && dirty.value);
  const listPath = localizePath('/message-template', locale.value);

  const startKind: EditorKind = new URLSearchParams(search).get('kind') === 'imagemap' ? 'imagemap' : 'card';

  useEffect(() => {
    if (!id) {
      startNew(startKind);
      setStatus('ready');
      return;
    }
    // Just saved as new: the editor already holds it.
    if (templateId.value === id) {
      setStatus('ready');
      return;
    }
    let live = true;
    setStatus('loading');
    getTemplate(id)
      .then((template) => {
        if (!live) return;
        load(template);
        countSubmit.value = 0;
        setStatus('ready');
      })
      .catch((err: unknown) => {
        if (live) setStatus(err instanceof ApiError && err.status === 404 ? 'missing' : 'error');
      });
    return () => {
      live = false;
    };
  }, [id, startKind]);

  /** Saves; resolves with the template's id, or null when it was not saved. */
  const save = async (): Promise<string | null> => {
    countSubmit.value += 1;
    if (problems.value.length > 0) {
      setInvalid(true);
      return null;
    }
    setSaving(true);
    try {
      const wasNew = !templateId.value;
      const saved = templateId.value
        ? await updateTemplate(templateId.value, requestBody())
        : await createTemplate(requestBody());
      load(saved);
      forgetTemplateChoices();
      notifySaved();
      if (wasNew) navigate(localizePath(`/message-template/${saved._id}`, locale.value), { replace: true });
      return saved._id;
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) setInvalid(true);
      else if (err instanceof ApiError && err.status === 409) notifyFailed(t('templates.conflict'));
      else notifyFailed();
      return null;
    } finally {
      setSaving(false);
    }
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        if (mayWrite) void save();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  if (status === 'loading') return <div className="page-loading">{t('templates.loading')}</div>;
  if (status === 'missing' || status === 'error')
    return (
      <section className="tpl-page">
        <p className="tpl-empty">{status === 'missing' ? t('templates.missing') : t('templates.loadFail')}</p>
        <a href={listPath}>{t('templates.backToList')}</a>
      </section>
    );

  const isNew = !templateId.value;
  const isImagemap = kind.value === 'imagemap';
  return (
    <section className="tpl-page tpl-editor-page" data-testid="template-editor">
      <header className="tpl-editor-head">
        <button type="button" className="tpl-link tpl-back" onClick={() => leave(listPath)}>
          ← {t('templates.backToList')}
        </button>
        <h1>
          {isNew ? t('templates.newTitle') : mayWrite ? t('templates.editTitle') : t('templates.viewTitle')}
        </h1>
        <div className="tpl-head-actions">
          {!mayWrite ? <span className="tpl-hint">{t('templates.readOnly')}</span> : null}
          {mayWrite && dirty.value ? <span className="tpl-unsaved">{t('templates.unsaved')}</span> : null}
          <button
            type="button"
            className="tpl-button"
            title={isImagemap ? t('templates.send.lineOnly') : undefined}
            onClick={() => setSending(true)}
            data-testid="send-test"
          >
            {t('templates.send.button')}
          </button>
          {mayWrite ? (
            <button
              type="button"
              className="tpl-button primary"
              disabled={saving}
              onClick={() => void save()}
              data-testid="save"
            >
              {saving ? t('templates.saving') : t('templates.save')}
            </button>
          ) : null}
        </div>
      </header>
      <div className="tpl-editor-top">
        <NameField />
        {isNew ? (
          <Segmented<EditorKind>
            name="tpl-kind"
            label={t('templates.kind')}
            value={kind.value}
            options={[
              { value: 'card', label: t('templates.kinds.card') },
              { value: 'imagemap', label: t('templates.kinds.imagemap') },
            ]}
            onChange={switchKind}
          />
        ) : (
          <p className="tpl-kind-fixed">
            <span className="tpl-hint">{t('templates.kind')}</span>
            <strong>{isImagemap ? t('templates.kinds.imagemap') : t('templates.kinds.card')}</strong>
          </p>
        )}
      </div>
      <div className="tpl-editor-body">
        <div className="tpl-editor-main">{isImagemap ? <ImagemapEditor /> : <CardEditor />}</div>
        <PreviewPanel />
      </div>
      <datalist id="tpl-api-variables">
        {apiVariableNames().map((v) => (
          <option key={v} value={v} />
        ))}
      </datalist>
      {invalid ? (
        <AlertDialog
          title={t('templates.invalid.title')}
          text={t('templates.invalid.text')}
          onClose={() => setInvalid(false)}
        />
      ) : null}
      {bubbleAlert.value ? (
        <AlertDialog
          title={t('templates.errorTitle')}
          text={t('templates.errors.tooManyBubbles', { max: MAX_TEMPLATE_BUBBLES })}
          onClose={() => {
            bubbleAlert.value = false;
          }}
        />
      ) : null}
      {sending ? (
        <SendTestDialog
          templateName={name.value}
          lineOnly={isImagemap}
          onClose={() => setSending(false)}
          prepare={async () => (mayWrite && (dirty.value || !templateId.value) ? save() : templateId.value)}
        />
      ) : null}
      {leaveDialog}
      <Toasts />
    </section>
  );
}
