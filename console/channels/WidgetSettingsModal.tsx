// The chat widget settings modal (spec 2): appearance, pre-chat form, welcome and greeting,
// menu and ice breakers, and the install snippet. Saved settings reach open widgets at once.

import { useSignals } from '@preact/signals-react/runtime';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { GREETING_PLACEHOLDERS } from '../../core/format/greeting';
import { PRE_CHAT_FIELD_TYPES, type PreChatField, type WidgetMenuButton } from '../../core/models/widget';
import { LOGO_ACCEPT, pickerColor, WIDGET_LIMITS, type WidgetSettings } from '../../core/widget/settings';
import { t } from '../app/i18n';
import { Confirm } from '../ui/Dialog';
import { FieldErrorText } from '../ui/FieldErrorText';
import { IdentityVerification } from './IdentityVerification';
import {
  closeSettings,
  dirty,
  draft,
  edit,
  errorFor,
  errors,
  loadError,
  loaded,
  openSettings,
  save,
  saveResult,
  saving,
  shownErrors,
  uploadLogo,
} from './widgetSettingsState';

const TABS = ['appearance', 'form', 'messages', 'menu', 'install'] as const;
type Tab = (typeof TABS)[number];

function Field({
  label,
  field,
  children,
  hint,
}: {
  label: string;
  field: string;
  children: (props: { id: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }) => ReactNode;
  hint?: string;
}) {
  useSignals();
  const id = useId();
  const error = errorFor(field);
  return (
    <div className="field ws-field">
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
      })}
      {hint && !error ? (
        <small className="muted" id={`${id}-hint`}>
          {hint}
        </small>
      ) : null}
      <FieldErrorText className="field-error" id={`${id}-error`} message={error} />
    </div>
  );
}

function TextField({
  label,
  name,
  multiline,
}: {
  label: string;
  name: keyof WidgetSettings;
  multiline?: boolean;
}) {
  useSignals();
  const value = String(draft.value?.[name] ?? '');
  return (
    <Field label={label} field={name}>
      {(props) =>
        multiline ? (
          <textarea {...props} rows={3} value={value} onChange={(e) => edit({ [name]: e.target.value })} />
        ) : (
          <input {...props} value={value} onChange={(e) => edit({ [name]: e.target.value })} />
        )
      }
    </Field>
  );
}

/** #rrggbbaa text plus the browser's picker (which only knows #rrggbb; alpha is kept; #abc shows as #aabbcc). */
function ColorField({ label, name }: { label: string; name: 'button_color' | 'label_color' }) {
  useSignals();
  const value = draft.value?.[name] ?? '';
  const six = pickerColor(value);
  const alpha = value.length === 9 ? value.slice(7) : '';
  return (
    <Field label={label} field={name}>
      {(props) => (
        <div className="ws-color">
          <input
            type="color"
            value={six}
            aria-label={label}
            onChange={(e) => edit({ [name]: `${e.target.value}${alpha}` })}
          />
          <input {...props} value={value} onChange={(e) => edit({ [name]: e.target.value })} />
        </div>
      )}
    </Field>
  );
}

function Appearance() {
  useSignals();
  const s = draft.value!;
  const fileRef = useRef<HTMLInputElement>(null);
  return (
    <div className="ws-grid">
      <div>
        <TextField label={t('widgetSettings.brandLabel')} name="brand_label" />
        <TextField label={t('widgetSettings.header')} name="header" />
        <TextField label={t('widgetSettings.description')} name="description" multiline />
        <TextField label={t('widgetSettings.buttonLabel')} name="button_label" />
        <ColorField label={t('widgetSettings.buttonColor')} name="button_color" />
        <ColorField label={t('widgetSettings.labelColor')} name="label_color" />
        <Field label={t('widgetSettings.logo')} field="logo" hint={t('widgetSettings.logoHint')}>
          {(props) => (
            <div className="ws-row">
              <input {...props} value={s.logo} onChange={(e) => edit({ logo: e.target.value })} />
              <button type="button" className="ws-button" onClick={() => fileRef.current?.click()}>
                {t('widgetSettings.upload')}
              </button>
              <input
                ref={fileRef}
                type="file"
                accept={LOGO_ACCEPT}
                hidden
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  if (file) void uploadLogo(file);
                  e.target.value = '';
                }}
              />
            </div>
          )}
        </Field>
        <TextField label={t('widgetSettings.scatterMessage')} name="scatter_message" />
      </div>
      <Preview />
    </div>
  );
}

/** A drawing of the widget with the edited colours and texts. */
function Preview() {
  useSignals();
  const s = draft.value!;
  const logo = s.logo.startsWith('/') || /^https?:\/\//.test(s.logo) ? s.logo : '';
  const brand = s.brand_label.trim() || loaded.value?.widget.account_name || '';
  const title = s.header.trim() || brand;
  const style = { '--ws-button': s.button_color, '--ws-label': s.label_color } as React.CSSProperties;
  return (
    <figure className="ws-preview" style={style} aria-label={t('widgetSettings.preview')}>
      <figcaption className="muted">{t('widgetSettings.preview')}</figcaption>
      <div className="ws-preview-box">
        <div className="ws-preview-head">
          {logo ? <img src={logo} alt="" /> : null}
          <div>
            {/* As the widget draws it: the brand label above a header text that differs from it. */}
            {brand && brand !== title ? <small>{brand}</small> : null}
            <strong>{title}</strong>
            {s.description ? <small>{s.description}</small> : null}
          </div>
        </div>
        <div className="ws-preview-body">
          {s.welcome_message ? <p className="ws-preview-welcome">{s.welcome_message}</p> : null}
          <p className="ws-preview-bubble">{t('widgetSettings.previewMessage')}</p>
        </div>
      </div>
      {s.scatter_message ? <p className="ws-preview-scatter">{s.scatter_message}</p> : null}
      <span className="ws-preview-launcher">
        {/* The launcher's own icon (widget-element), not an emoji that fonts draw differently. */}
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M4 4h16a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H9l-5 4V5a1 1 0 0 1 1-1z" />
        </svg>
        {s.button_label}
      </span>
    </figure>
  );
}

function PreChat() {
  useSignals();
  const s = draft.value!;
  const fields = s.pre_chat_form_fields;
  const setField = (i: number, patch: Partial<PreChatField>) =>
    edit({ pre_chat_form_fields: fields.map((f, j) => (j === i ? { ...f, ...patch } : f)) });
  return (
    <div>
      <Check checked={s.chat_form} onChange={(on) => edit({ chat_form: on })}>
        {t('widgetSettings.chatForm')}
      </Check>
      <RowsTable
        heads={[
          t('widgetSettings.fieldKey'),
          t('widgetSettings.fieldLabel'),
          t('widgetSettings.fieldType'),
          t('widgetSettings.fieldRequired'),
        ]}
      >
        {fields.map((f, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; keys may be blank while typing.
          <tr key={i}>
            <td>
              <Cell field={`pre_chat_form_fields.${i}.key`} label={t('widgetSettings.fieldKey')}>
                {(p) => <input {...p} value={f.key} onChange={(e) => setField(i, { key: e.target.value })} />}
              </Cell>
            </td>
            <td>
              <Cell field={`pre_chat_form_fields.${i}.label`} label={t('widgetSettings.fieldLabel')}>
                {(p) => (
                  <input {...p} value={f.label} onChange={(e) => setField(i, { label: e.target.value })} />
                )}
              </Cell>
            </td>
            <td>
              <select
                aria-label={t('widgetSettings.fieldType')}
                value={f.type}
                onChange={(e) => setField(i, { type: e.target.value as PreChatField['type'] })}
              >
                {PRE_CHAT_FIELD_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`widgetSettings.types.${type}`)}
                  </option>
                ))}
              </select>
            </td>
            <td>
              <input
                type="checkbox"
                aria-label={t('widgetSettings.fieldRequired')}
                checked={f.required}
                onChange={(e) => setField(i, { required: e.target.checked })}
              />
            </td>
            <td>
              <RemoveButton
                onClick={() => edit({ pre_chat_form_fields: fields.filter((_, j) => j !== i) })}
              />
            </td>
          </tr>
        ))}
      </RowsTable>
      {fields.length < WIDGET_LIMITS.preChatFields ? (
        <AddButton
          label={t('widgetSettings.addField')}
          onClick={() =>
            edit({
              pre_chat_form_fields: [
                ...fields,
                {
                  key: fields.length === 0 ? 'name' : `field${fields.length + 1}`,
                  label: '',
                  type: 'text',
                  required: false,
                },
              ],
            })
          }
        />
      ) : null}
    </div>
  );
}

/** An input in a table cell, labelled for screen readers, with its error below. */
function Cell({
  field,
  label,
  children,
}: {
  field: string;
  label: string;
  children: (p: { 'aria-label': string; 'aria-invalid'?: boolean }) => ReactNode;
}) {
  useSignals();
  const error = errorFor(field);
  return (
    <>
      {children({ 'aria-label': label, 'aria-invalid': error ? true : undefined })}
      <FieldErrorText className="field-error" message={error} />
    </>
  );
}

function Check({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className="ws-check">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {children}
    </label>
  );
}

/** The table of a list the user edits row by row; each row ends with its Remove button. */
function RowsTable({ heads, children }: { heads: string[]; children: ReactNode }) {
  return (
    <table className="ws-table">
      <thead>
        <tr>
          {heads.map((head) => (
            <th key={head}>{head}</th>
          ))}
          <th>
            <span className="visually-hidden">{t('widgetSettings.remove')}</span>
          </th>
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

function RemoveButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className="link-button" onClick={onClick}>
      {t('widgetSettings.remove')}
    </button>
  );
}

/** "+ Add …" under a list that still has room. */
function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className="ws-button" onClick={onClick}>
      + {label}
    </button>
  );
}

function Messages() {
  useSignals();
  const keys = draft.value!.pre_chat_form_fields.map((f) => f.key).filter(Boolean);
  const placeholders = [...GREETING_PLACEHOLDERS, ...keys].map((k) => `{${k}}`).join(' ');
  return (
    <div>
      <TextField label={t('widgetSettings.welcomeMessage')} name="welcome_message" multiline />
      <Field
        label={t('widgetSettings.greetingMessage')}
        field="greeting_message"
        hint={t('widgetSettings.placeholders', { list: placeholders })}
      >
        {(props) => (
          <textarea
            {...props}
            rows={3}
            value={draft.value!.greeting_message}
            onChange={(e) => edit({ greeting_message: e.target.value })}
          />
        )}
      </Field>
    </div>
  );
}

function MenuTab() {
  useSignals();
  const s = draft.value!;
  const menu = s.menu;
  const buttons = menu?.buttons ?? [];
  const setButton = (i: number, patch: Partial<WidgetMenuButton>) =>
    menu && edit({ menu: { ...menu, buttons: buttons.map((b, j) => (j === i ? { ...b, ...patch } : b)) } });
  const valueKey = (b: WidgetMenuButton) =>
    b.type === 'uri' ? 'uri' : b.type === 'postback' ? 'data' : 'text';
  return (
    <div>
      <Check
        checked={Boolean(menu)}
        onChange={(on) =>
          edit({
            menu: on
              ? {
                  menuId: 'main',
                  menuLabel: t('widgetSettings.defaultMenuLabel'),
                  isQuickStart: false,
                  buttons: [],
                }
              : null,
          })
        }
      >
        {t('widgetSettings.menuEnabled')}
      </Check>
      {menu ? (
        <>
          <Field label={t('widgetSettings.menuLabel')} field="menu.menuLabel">
            {(props) => (
              <input
                {...props}
                value={menu.menuLabel}
                onChange={(e) => edit({ menu: { ...menu, menuLabel: e.target.value } })}
              />
            )}
          </Field>
          <Check checked={menu.isQuickStart} onChange={(on) => edit({ menu: { ...menu, isQuickStart: on } })}>
            {t('widgetSettings.quickStart')}
          </Check>
          <RowsTable
            heads={[
              t('widgetSettings.buttonText'),
              t('widgetSettings.action'),
              t('widgetSettings.actionValue'),
            ]}
          >
            {buttons.map((b, i) => (
              <tr key={b.id}>
                <td>
                  <Cell field={`menu.buttons.${i}.label`} label={t('widgetSettings.buttonText')}>
                    {(p) => (
                      <input
                        {...p}
                        value={b.label}
                        onChange={(e) => setButton(i, { label: e.target.value })}
                      />
                    )}
                  </Cell>
                </td>
                <td>
                  <select
                    aria-label={t('widgetSettings.action')}
                    value={b.type}
                    onChange={(e) => setButton(i, { type: e.target.value as WidgetMenuButton['type'] })}
                  >
                    {(['message', 'postback', 'uri'] as const).map((type) => (
                      <option key={type} value={type}>
                        {t(`widgetSettings.actions.${type}`)}
                      </option>
                    ))}
                  </select>
                </td>
                <td>
                  <Cell field={`menu.buttons.${i}.${valueKey(b)}`} label={t('widgetSettings.actionValue')}>
                    {(p) => (
                      <input
                        {...p}
                        value={b[valueKey(b)] ?? ''}
                        onChange={(e) => setButton(i, { [valueKey(b)]: e.target.value })}
                      />
                    )}
                  </Cell>
                </td>
                <td>
                  <RemoveButton
                    onClick={() => edit({ menu: { ...menu, buttons: buttons.filter((_, j) => j !== i) } })}
                  />
                </td>
              </tr>
            ))}
          </RowsTable>
          {buttons.length < WIDGET_LIMITS.menuButtons ? (
            <AddButton
              label={t('widgetSettings.addButton')}
              onClick={() =>
                edit({
                  menu: {
                    ...menu,
                    buttons: [
                      ...buttons,
                      { id: `b${Date.now().toString(36)}`, label: '', type: 'message', text: '' },
                    ],
                  },
                })
              }
            />
          ) : null}
        </>
      ) : null}
      <h3 className="ws-subtitle">{t('widgetSettings.iceBreakers')}</h3>
      <p className="muted">{t('widgetSettings.iceBreakersHint')}</p>
      {s.ice_breakers.map((text, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place.
        <div className="ws-row" key={i}>
          <Cell field={`ice_breakers.${i}`} label={t('widgetSettings.iceBreaker')}>
            {(p) => (
              <input
                {...p}
                value={text}
                onChange={(e) =>
                  edit({ ice_breakers: s.ice_breakers.map((v, j) => (j === i ? e.target.value : v)) })
                }
              />
            )}
          </Cell>
          <RemoveButton onClick={() => edit({ ice_breakers: s.ice_breakers.filter((_, j) => j !== i) })} />
        </div>
      ))}
      {s.ice_breakers.length < WIDGET_LIMITS.iceBreakers ? (
        <AddButton
          label={t('widgetSettings.addIceBreaker')}
          onClick={() => edit({ ice_breakers: [...s.ice_breakers, ''] })}
        />
      ) : null}
    </div>
  );
}

function Install() {
  useSignals();
  const snippet = loaded.value!.snippet;
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet.html);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      // Clipboard refused (insecure page, permissions): the snippet stays selectable.
      setCopied(false);
    }
  };
  return (
    <div>
      <p>{t('widgetSettings.installHelp')}</p>
      <pre className="ws-snippet" data-testid="install-snippet">
        <code>{snippet.html}</code>
      </pre>
      <button type="button" className="ws-button" onClick={copy}>
        {copied ? t('widgetSettings.copied') : t('widgetSettings.copy')}
      </button>
      <span role="status" className="visually-hidden">
        {copied ? t('widgetSettings.copied') : ''}
      </span>
      <p>
        {t('widgetSettings.fullPage')}{' '}
        <a href={snippet.page_url} target="_blank" rel="noreferrer">
          {snippet.page_url}
        </a>
      </p>
      {loaded.value?.can_edit ? <IdentityVerification widgetId={loaded.value.widget._id} /> : null}
    </div>
  );
}

export function WidgetSettingsModal({ widgetId, onClose }: { widgetId: string; onClose: () => void }) {
  useSignals();
  const [tab, setTab] = useState<Tab>('appearance');
  // Spec 5 'Leave without saving': closing with unsaved edits (on any tab) asks first.
  const [leaving, setLeaving] = useState(false);
  const leavingRef = useRef(false);
  leavingRef.current = leaving;
  const requestClose = () => {
    if (dirty.value) setLeaving(true);
    else onClose();
  };
  const requestCloseRef = useRef(requestClose);
  requestCloseRef.current = requestClose;
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    void openSettings(widgetId);
    const previous = document.activeElement as HTMLElement | null;
    // The question's own Escape answers No; this one only asks.
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !leavingRef.current) requestCloseRef.current();
    };
    // Reloading or closing the tab with unsaved edits: the browser asks.
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!dirty.value) return;
      e.preventDefault();
      e.returnValue = '';
    };
    document.addEventListener('keydown', onKey);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('beforeunload', onBeforeUnload);
      closeSettings();
      previous?.focus?.();
    };
  }, [widgetId]);
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
  }, []);
  const ready = Boolean(loaded.value && draft.value);
  const canEdit = loaded.value?.can_edit ?? false;
  const tabErrors = (t2: Tab) => {
    const prefix: Record<Tab, string[]> = {
      appearance: [
        'brand_label',
        'header',
        'description',
        'button_label',
        'button_color',
        'label_color',
        'logo',
        'scatter_message',
      ],
      form: ['pre_chat_form_fields'],
      messages: ['welcome_message', 'greeting_message'],
      menu: ['menu', 'ice_breakers'],
      install: [],
    };
    return shownErrors.value.some((e) =>
      prefix[t2].some((p) => e.field === p || e.field.startsWith(`${p}.`)),
    );
  };
  return (
    <div className="ws-layer">
      <button
        type="button"
        className="ws-backdrop"
        aria-label={t('widgetSettings.close')}
        tabIndex={-1}
        onClick={requestClose}
      />
      <div className="ws-modal" role="dialog" aria-modal="true" aria-labelledby={titleId} ref={ref}>
        <header className="ws-head">
          <h2 id={titleId}>{t('widgetSettings.title')}</h2>
          <button
            type="button"
            className="ws-x"
            aria-label={t('widgetSettings.close')}
            onClick={requestClose}
          >
            ×
          </button>
        </header>
        <div className="ws-tabs" role="tablist">
          {TABS.map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              id={`ws-tab-${name}`}
              aria-selected={tab === name}
              aria-controls="ws-panel"
              tabIndex={tab === name ? 0 : -1}
              onClick={() => setTab(name)}
              onKeyDown={(e) => {
                const i = TABS.indexOf(name);
                const next =
                  e.key === 'ArrowRight'
                    ? TABS[(i + 1) % TABS.length]
                    : e.key === 'ArrowLeft'
                      ? TABS[(i + TABS.length - 1) % TABS.length]
                      : null;
                if (next) {
                  setTab(next);
                  requestAnimationFrame(() => document.getElementById(`ws-tab-${next}`)?.focus());
                }
              }}
            >
              {t(`widgetSettings.tabs.${name}`)}
              {tabErrors(name) ? (
                <>
                  <span className="ws-dot" aria-hidden="true" />
                  <span className="visually-hidden">{t('widgetSettings.hasErrors')}</span>
                </>
              ) : null}
            </button>
          ))}
        </div>
        <div className="ws-body" role="tabpanel" id="ws-panel" aria-labelledby={`ws-tab-${tab}`}>
          {loadError.value ? <p className="form-error">{loadError.value}</p> : null}
          {!ready && !loadError.value ? <p className="muted">{t('widgetSettings.loading')}</p> : null}
          {ready ? (
            <fieldset className="ws-fieldset" disabled={!canEdit && tab !== 'install'}>
              {tab === 'appearance' ? <Appearance /> : null}
              {tab === 'form' ? <PreChat /> : null}
              {tab === 'messages' ? <Messages /> : null}
              {tab === 'menu' ? <MenuTab /> : null}
              {tab === 'install' ? <Install /> : null}
            </fieldset>
          ) : null}
        </div>
        <footer className="ws-foot">
          <span role="status" className={saveResult.value === 'fail' ? 'field-error' : 'ws-ok'}>
            {saveResult.value === 'ok'
              ? t('widgetSettings.saveSuccess')
              : saveResult.value === 'fail'
                ? t('widgetSettings.saveFail')
                : ''}
            {!canEdit && ready ? t('widgetSettings.readOnly') : ''}
          </span>
          <button type="button" className="ws-button" onClick={requestClose}>
            {t('widgetSettings.close')}
          </button>
          <button
            type="button"
            className="primary-button ws-save"
            disabled={!ready || !canEdit || !dirty.value || errors.value.length > 0 || saving.value}
            onClick={() => void save()}
          >
            {t('widgetSettings.save')}
          </button>
        </footer>
      </div>
      {leaving ? (
        <Confirm
          title={t('widgetSettings.leaveTitle')}
          text={t('widgetSettings.leaveText')}
          safe
          onNo={() => setLeaving(false)}
          onYes={() => {
            setLeaving(false);
            onClose();
          }}
        />
      ) : null}
    </div>
  );
}
