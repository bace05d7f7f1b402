// Create or edit an external API (spec 2 "API modal"): where it is, what it is sent, which answer
// values it offers and how the bot answers an apiCondition, with a Test button that calls it (on
// the server) with sample values and shows the status, the answer and the values found in it.
import { useEffect, useMemo, useState } from 'react';
import {
  API_BODY_TYPES,
  API_LIMITS,
  API_METHODS,
  connectionPlaceholders,
  validateApiConnection,
} from '../../core/apis/connection';
import { t } from '../app/i18n';
import { localMessage } from '../app/localMessage';
import { ApiError, api } from '../session/api';
import { failed, saved } from '../settings/ui';
import { Modal, UnableToSave } from '../ui/Dialog';
import { FormField, TextField } from '../ui/FormField';
import { SaveCancel } from '../ui/FormModal';
import { useUnsavedGuard } from '../ui/useUnsavedGuard';
import { type ApiConnection, type ApiDraft, type ApiTestResult, saveApi, testApi } from './calls';
import { AnswerRows, type Choice, type Errors, ParameterRows, VariableRows } from './rows';

export function emptyDraft(): ApiDraft {
  return {
    name: '',
    slug: '',
    method: 'GET',
    url: '',
    headers: [],
    body_type: 'fields',
    body: [],
    body_json: '',
    status: true,
    variables_option: [],
    sample_values: {},
    answers: { conditions: [], fallback: '' },
  };
}

function toDraft(c: ApiConnection): ApiDraft {
  const { placeholders: _, updated_at: __, ...draft } = c;
  return draft;
}

/** Templates and reply messages an answer may send (empty when the role may not read them). */
function useReplyChoices() {
  const [templates, setTemplates] = useState<Choice[]>([]);
  const [replies, setReplies] = useState<Choice[]>([]);
  useEffect(() => {
    api<{ list: { _id: string; name: string }[] }>('/api/message-template/list', { query: { limit: 100 } })
      .then((r) => setTemplates(r.list.map((x) => ({ value: x._id, label: x.name }))))
      .catch(() => setTemplates([]));
    api<{
      list: { messages: { _id: string; name: string }[] }[];
      ungrouped: { _id: string; name: string }[];
    }>('/api/reply/group/list')
      .then((r) =>
        setReplies(
          [...r.list.flatMap((g) => g.messages), ...r.ungrouped].map((x) => ({
            value: x._id,
            label: x.name,
          })),
        ),
      )
      .catch(() => setReplies([]));
  }, []);
  return { templates, replies };
}

function errorsOf(err: unknown): Errors | null {
  if (!(err instanceof ApiError) || err.status !== 400) return null;
  const list = (err.body as { errors?: { field: string; message: string }[] }).errors;
  const out: Errors = {};
  for (const e of list ?? (err.body.field ? [{ field: err.body.field, message: err.body.message }] : []))
    out[e.field] ??= e.message;
  return out;
}

/** The answer indented when it is JSON, else as it came. */
function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function TestPanel({
  draft,
  onSamples,
}: {
  draft: ApiDraft;
  onSamples: (v: Record<string, string>) => void;
}) {
  const placeholders = useMemo(() => connectionPlaceholders(draft), [draft]);
  const [result, setResult] = useState<ApiTestResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    setProblem(null);
    try {
      setResult(await testApi(draft, draft.sample_values));
    } catch (err) {
      setResult(null);
      setProblem(err instanceof ApiError ? localMessage(err.body.message) : t('settings.common.loadFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="api-test" aria-label={t('apis.test.title')} data-testid="api-test">
      <h3>{t('apis.test.title')}</h3>
      {placeholders.length === 0 ? <p className="muted">{t('apis.test.noPlaceholders')}</p> : null}
      <div className="api-samples">
        {placeholders.map((p) => (
          <label className="st-field" key={p}>
            <span>{`{${p}}`}</span>
            <input
              className="st-input"
              value={draft.sample_values[p] ?? ''}
              onChange={(e) => onSamples({ ...draft.sample_values, [p]: e.target.value })}
            />
          </label>
        ))}
      </div>
      <button type="button" className="st-button" disabled={busy} onClick={() => void run()}>
        {busy ? t('apis.test.running') : t('apis.test.run')}
      </button>
      {problem ? <p className="st-error">{problem}</p> : null}
      {result ? (
        <div className="api-result" data-testid="api-test-result">
          <p>
            <span className={`api-badge ${result.ok ? 'ok' : 'fail'}`}>
              {result.status ?? t(`apis.test.errors.${result.error ?? 'network'}`)}
            </span>{' '}
            {result.ok ? t('apis.test.ok') : t(`apis.test.errors.${result.error ?? 'network'}`)}{' '}
            <span className="muted">{t('apis.test.took', { ms: String(result.duration_ms) })}</span>
          </p>
          <p className="muted api-url">
            {result.request.method} {result.request.url}
          </p>
          <h4>{t('apis.test.variables')}</h4>
          <pre>{JSON.stringify(result.variables, null, 2)}</pre>
          <h4>{t('apis.test.response')}</h4>
          <pre className="api-response">{pretty(result.response) || '—'}</pre>
        </div>
      ) : null}
    </section>
  );
}

export function ApiDialog({
  connection,
  onClose,
  onSaved,
}: {
  connection: ApiConnection | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [draft, setDraft] = useState<ApiDraft>(() => (connection ? toDraft(connection) : emptyDraft()));
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  // Spec 5 'Unable to save data' after the server refuses a field (it may be scrolled out of view).
  const [unable, setUnable] = useState(false);
  // Spec 5: closing with unsaved changes asks 'Leave without saving'; saving an edit asks Yes / No.
  // Escape reaches this dialog too while one over it is open: that one's own close handles it.
  const guard = useUnsavedGuard(draft, onClose, { look: 'settings', covered: unable });
  const { templates, replies } = useReplyChoices();
  const patch = (p: Partial<ApiDraft>) => setDraft((d) => ({ ...d, ...p }));
  const variableKeys = draft.variables_option.flatMap((v) => [
    v.key,
    ...(v.sub ?? []).map((s) => `${v.key}.${s.key}`),
  ]);

  const save = () => {
    const local = Object.fromEntries(validateApiConnection(draft).map((e) => [e.field, e.message]));
    if (Object.keys(local).length > 0) return setErrors(local);
    guard.confirmSave(Boolean(connection), store);
  };
  const store = async () => {
    setBusy(true);
    try {
      await saveApi(connection?._id ?? null, draft);
      saved();
      onSaved();
    } catch (err) {
      const fields =
        errorsOf(err) ??
        (err instanceof ApiError && err.body.field ? { [err.body.field]: err.body.message } : null);
      if (fields) {
        setErrors(fields);
        setUnable(true);
      } else failed(err);
    } finally {
      setBusy(false);
    }
  };
  const text = (field: 'name' | 'slug' | 'url', label: string, max: number, hint?: string) => (
    <TextField
      label={label}
      value={draft[field]}
      maxLength={max}
      error={errors[field]}
      hint={hint}
      onChange={(next) => patch({ [field]: next })}
      autoFocus={field === 'name'}
    />
  );
  return (
    <Modal
      title={connection ? t('apis.edit') : t('apis.create')}
      onClose={guard.close}
      size="wide"
      footer={<SaveCancel onCancel={guard.close} onSave={save} busy={busy} />}
    >
      <form
        className="st-form api-form"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <div className="api-two">
          {text('name', t('apis.fields.name'), API_LIMITS.name)}
          {text('slug', t('apis.fields.slug'), API_LIMITS.slug, t('apis.fields.slugHint'))}
        </div>
        <div className="api-row">
          <FormField label={t('apis.fields.method')}>
            <select
              className="st-select"
              value={draft.method}
              onChange={(e) => patch({ method: e.target.value as ApiDraft['method'] })}
            >
              {API_METHODS.map((m) => (
                <option key={m}>{m}</option>
              ))}
            </select>
          </FormField>
          <div className="api-grow">
            {text('url', t('apis.fields.url'), API_LIMITS.url, t('apis.fields.urlHint'))}
          </div>
        </div>
        <ParameterRows
          legend={t('apis.fields.headers')}
          field="headers"
          rows={draft.headers}
          onChange={(headers) => patch({ headers })}
          errors={errors}
          header
        />
        <fieldset className="api-rows">
          <legend>{t('apis.fields.body')}</legend>
          <div className="st-tabs" role="tablist">
            {API_BODY_TYPES.map((type) => (
              <button
                key={type}
                type="button"
                role="tab"
                aria-selected={draft.body_type === type}
                onClick={() => patch({ body_type: type })}
              >
                {t(`apis.fields.bodyTypes.${type}`)}
              </button>
            ))}
          </div>
          {draft.body_type === 'json' ? (
            <FormField label={t('apis.fields.bodyJson')} error={errors.body_json}>
              <textarea
                className="st-textarea api-code"
                rows={5}
                value={draft.body_json}
                placeholder={'{ "phone": "{phone}" }'}
                onChange={(e) => patch({ body_json: e.target.value })}
              />
            </FormField>
          ) : (
            <ParameterRows
              legend={t('apis.fields.bodyFields')}
              field="body"
              rows={draft.body}
              onChange={(body) => patch({ body })}
              errors={errors}
              header={false}
            />
          )}
        </fieldset>
        <fieldset className="api-rows">
          <legend>{t('apis.fields.variables')}</legend>
          <p className="muted">{t('apis.fields.variablesHint')}</p>
          <VariableRows
            rows={draft.variables_option}
            onChange={(variables_option) => patch({ variables_option })}
            errors={errors}
          />
        </fieldset>
        <fieldset className="api-rows">
          <legend>{t('apis.fields.answers')}</legend>
          <p className="muted">{t('apis.fields.answersHint')}</p>
          <AnswerRows
            answers={draft.answers}
            onChange={(answers) => patch({ answers })}
            variables={variableKeys}
            templates={templates}
            replies={replies}
            errors={errors}
          />
        </fieldset>
      </form>
      <TestPanel draft={draft} onSamples={(sample_values) => patch({ sample_values })} />
      {guard.dialog}
      {unable ? <UnableToSave onClose={() => setUnable(false)} /> : null}
    </Modal>
  );
}
