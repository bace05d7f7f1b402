// Small form parts shared by the automation, rich menu and location screens: a labelled field
// that shows its problem in the server's words, an on/off switch, tabs, and error helpers.
import { type ReactNode, useId } from 'react';
import type { FieldError } from '../../core/validation/rules';
import { t } from '../app/i18n';
import { localMessage } from '../app/localMessage';
import { ApiError } from '../session/api';
import { ListTable } from '../ui/ListTable';
import { SearchBox } from '../ui/SearchBox';

export type Problems = Record<string, string>;

/** Field-named problems from a refused save (`errors`, or the one `field`). */
export function problemsOf(err: unknown): Problems {
  if (!(err instanceof ApiError)) return {};
  const body = err.body as { errors?: FieldError[]; field?: string; message: string };
  const list = body.errors ?? (body.field ? [{ field: body.field, message: body.message }] : []);
  const out: Problems = {};
  for (const e of list) if (!(e.field in out)) out[e.field] = e.message;
  return out;
}

/** Problems under a path prefix, e.g. everything of `items[2]`. */
export function problemsUnder(problems: Problems, prefix: string): string[] {
  return Object.entries(problems)
    .filter(([field]) => field === prefix || field.startsWith(`${prefix}.`) || field.startsWith(`${prefix}[`))
    .map(([, message]) => message);
}

export function Field({
  label,
  problem,
  hint,
  children,
  field,
  className = '',
}: {
  label: ReactNode;
  problem?: string;
  hint?: ReactNode;
  children: (id: string, describedBy?: string) => ReactNode;
  field?: string;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={`auto-field ${problem ? 'bad' : ''} ${className}`} data-field={field}>
      <label htmlFor={id}>{label}</label>
      {children(id, problem ? `${id}-error` : undefined)}
      {hint ? <span className="auto-hint">{hint}</span> : null}
      {problem ? (
        <span className="auto-error" id={`${id}-error`} data-testid="field-error">
          {localMessage(problem)}
        </span>
      ) : null}
    </div>
  );
}

export function TextInput({
  label,
  value,
  onChange,
  problem,
  field,
  hint,
  placeholder,
  multiline = false,
  maxLength,
  type = 'text',
  inputMode,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  problem?: string;
  field?: string;
  hint?: ReactNode;
  placeholder?: string;
  multiline?: boolean;
  maxLength?: number;
  type?: string;
  inputMode?: 'decimal' | 'numeric' | 'tel' | 'text';
}) {
  return (
    <Field label={label} problem={problem} field={field} hint={hint}>
      {(id, describedBy) =>
        multiline ? (
          <textarea
            id={id}
            value={value}
            rows={3}
            placeholder={placeholder}
            maxLength={maxLength}
            aria-invalid={problem ? true : undefined}
            aria-describedby={describedBy}
            onChange={(e) => onChange(e.target.value)}
          />
        ) : (
          <input
            id={id}
            type={type}
            value={value}
            placeholder={placeholder}
            maxLength={maxLength}
            inputMode={inputMode}
            aria-invalid={problem ? true : undefined}
            aria-describedby={describedBy}
            onChange={(e) => onChange(e.target.value)}
          />
        )
      }
    </Field>
  );
}

export function SelectInput({
  label,
  value,
  onChange,
  options,
  problem,
  field,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  problem?: string;
  field?: string;
}) {
  return (
    <Field label={label} problem={problem} field={field}>
      {(id, describedBy) => (
        <select
          id={id}
          value={value}
          aria-invalid={problem ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.value)}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** An on/off switch (a checkbox with the switch role). */
export function Toggle({
  checked,
  onChange,
  label,
  disabled,
  testId,
}: {
  checked: boolean;
  onChange: (next: boolean) => void;
  label: string;
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <label className={`auto-toggle ${disabled ? 'disabled' : ''}`}>
      <input
        type="checkbox"
        role="switch"
        checked={checked}
        disabled={disabled}
        aria-checked={checked}
        data-testid={testId}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span className="auto-toggle-track" aria-hidden="true" />
      <span className="auto-toggle-label">{label}</span>
    </label>
  );
}

export function Tabs<T extends string>({
  tabs,
  value,
  onChange,
  label,
}: {
  tabs: { value: T; label: string }[];
  value: T;
  onChange: (next: T) => void;
  label: string;
}) {
  return (
    <div className="auto-tabs" role="tablist" aria-label={label}>
      {tabs.map((tab) => (
        <button
          key={tab.value}
          type="button"
          role="tab"
          aria-selected={tab.value === value}
          className={tab.value === value ? 'on' : ''}
          onClick={() => onChange(tab.value)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

/** Spec 8: an empty table tells which button creates the first item. */
export function EmptyTable({ text, testId }: { text: string; testId?: string }) {
  return (
    <div className="auto-empty" data-testid={testId}>
      <p>{text}</p>
    </div>
  );
}

/** "Loading…" while `shown` is null, then the empty-table line when it is empty ("no match" while searching). */
export function ListStatus({
  shown,
  testId,
  emptyText,
  search = '',
}: {
  shown: readonly unknown[] | null;
  testId: string;
  emptyText: string;
  search?: string;
}) {
  if (shown === null) return <p className="auto-hint">{t('automation.loading')}</p>;
  if (shown.length > 0) return null;
  return <EmptyTable testId={testId} text={search.trim() ? t('automation.noMatch') : emptyText} />;
}

/** A searchable list page's body: the search field, then "Loading…", the empty line or the table of `shown`. */
export function SearchedTable({
  searchLabel,
  search,
  onSearch,
  shown,
  emptyTestId,
  emptyText,
  head,
  children,
}: {
  searchLabel: string;
  search: string;
  onSearch: (value: string) => void;
  /** The rows that match the search; null while loading. */
  shown: readonly unknown[] | null;
  emptyTestId: string;
  emptyText: string;
  head: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <div className="auto-toolbar">
        <SearchBox className="auto-search" label={searchLabel} value={search} onChange={onSearch} />
      </div>
      <ListStatus shown={shown} testId={emptyTestId} search={search} emptyText={emptyText} />
      {shown?.length ? (
        <ListTable look="automation" head={head}>
          {children}
        </ListTable>
      ) : null}
    </>
  );
}

/** The on/off switch of an editor, saying "Active" or "Inactive". */
export function ActiveToggle({ checked, onChange }: { checked: boolean; onChange: (next: boolean) => void }) {
  return (
    <Toggle
      checked={checked}
      onChange={onChange}
      label={checked ? t('automation.active') : t('automation.inactive')}
    />
  );
}

export function StatusBadge({ on, onLabel, offLabel }: { on: boolean; onLabel?: string; offLabel?: string }) {
  return (
    <span className={`auto-badge ${on ? 'on' : 'off'}`}>
      {on ? (onLabel ?? t('automation.active')) : (offLabel ?? t('automation.inactive'))}
    </span>
  );
}
