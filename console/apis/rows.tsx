// Row editors of the API dialog: headers and body fields (with secrets), response variables
// (spec 3 variables_option: key, data_type, sub) and the apiCondition answers.
import { type InputHTMLAttributes, useId } from 'react';
import {
  type ApiAnswers,
  type ApiCondition,
  CONDITION_OPERATORS,
  looksSecret,
  REPLY_KINDS,
  VALUELESS_OPERATORS,
} from '../../core/apis/connection';
import { VARIABLE_TYPES, type VariableOption } from '../../core/template/form';
import { t } from '../app/i18n';
import type { WireParameter } from './calls';

export type Errors = Record<string, string>;

function Err({ errors, field }: { errors: Errors; field: string }) {
  return errors[field] ? (
    <small className="error" data-field={field}>
      {errors[field]}
    </small>
  ) : null;
}

/** A labelled text input with its field's error under it. */
function InputField({
  label,
  grow = false,
  errors,
  field,
  onChange,
  ...input
}: {
  label: string;
  grow?: boolean;
  errors: Errors;
  field: string;
  value: string;
  onChange: (value: string) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'onChange'>) {
  return (
    <label className={grow ? 'st-field api-grow' : 'st-field'}>
      <span>{label}</span>
      <input className="st-input" {...input} onChange={(e) => onChange(e.target.value)} />
      <Err errors={errors} field={field} />
    </label>
  );
}

/** A labelled choice among fixed options. */
function ChoiceField<T extends string>({
  label,
  value,
  options,
  optionLabel,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly T[];
  optionLabel: (option: T) => string;
  onChange: (value: T) => void;
}) {
  return (
    <label className="st-field">
      <span>{label}</span>
      <select className="st-select" value={value} onChange={(e) => onChange(e.target.value as T)}>
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
    </label>
  );
}

export function ParameterRows({
  legend,
  field,
  rows,
  onChange,
  errors,
  header,
}: {
  legend: string;
  field: string;
  rows: WireParameter[];
  onChange: (rows: WireParameter[]) => void;
  errors: Errors;
  header: boolean;
}) {
  const set = (i: number, patch: Partial<WireParameter>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <fieldset className="api-rows" data-testid={`${field}-rows`}>
      <legend>{legend}</legend>
      {rows.length === 0 ? <p className="muted">{t('apis.rows.none')}</p> : null}
      {rows.map((row, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place by position
        <div className="api-row" key={i}>
          <InputField
            label={t('apis.rows.key')}
            errors={errors}
            field={`${field}[${i}].key`}
            value={row.key}
            onChange={(key) =>
              // A header named like a credential starts out secret, until the user says otherwise.
              set(i, header && !row.key && looksSecret(key) ? { key, secret: true } : { key })
            }
          />
          <InputField
            label={t('apis.rows.value')}
            grow
            errors={errors}
            field={`${field}[${i}].value`}
            type={row.secret ? 'password' : 'text'}
            autoComplete="off"
            value={row.value}
            placeholder={row.secret && row.has_value ? t('apis.rows.secretKept') : '{placeholder}'}
            onChange={(value) => set(i, { value })}
          />
          <label className="api-check">
            <input
              type="checkbox"
              checked={row.secret}
              onChange={(e) => set(i, { secret: e.target.checked })}
            />
            {t('apis.rows.secret')}
          </label>
          <button
            type="button"
            className="st-icon-button"
            aria-label={t('apis.rows.remove')}
            onClick={() => onChange(rows.filter((_, j) => j !== i))}
          >
            ×
          </button>
        </div>
      ))}
      <Err errors={errors} field={field} />
      <button
        type="button"
        className="st-link"
        onClick={() => onChange([...rows, { key: '', value: '', secret: false }])}
      >
        + {t('apis.rows.add')}
      </button>
    </fieldset>
  );
}

function VariableRow({
  value,
  onChange,
  onRemove,
  errors,
  at,
  depth,
}: {
  value: VariableOption;
  onChange: (v: VariableOption) => void;
  onRemove: () => void;
  errors: Errors;
  at: string;
  depth: number;
}) {
  const nested = value.data_type === 'array' || value.data_type === 'object';
  return (
    <div className={`api-variable${depth ? ' sub' : ''}`}>
      <div className="api-row">
        <InputField
          label={t('apis.variables.key')}
          grow
          errors={errors}
          field={`${at}.key`}
          value={value.key}
          onChange={(key) => onChange({ ...value, key })}
        />
        <ChoiceField
          label={t('apis.variables.type')}
          value={value.data_type}
          options={VARIABLE_TYPES}
          optionLabel={(type) => t(`apis.variables.types.${type}`)}
          onChange={(data_type) => onChange({ ...value, data_type })}
        />
        <button
          type="button"
          className="st-icon-button"
          aria-label={t('apis.rows.remove')}
          onClick={onRemove}
        >
          ×
        </button>
      </div>
      {nested && depth === 0 ? (
        <VariableRows
          rows={value.sub ?? []}
          onChange={(sub) => onChange({ ...value, sub })}
          errors={errors}
          field={`${at}.sub`}
          depth={1}
        />
      ) : null}
    </div>
  );
}

export function VariableRows({
  rows,
  onChange,
  errors,
  field = 'variables_option',
  depth = 0,
}: {
  rows: VariableOption[];
  onChange: (rows: VariableOption[]) => void;
  errors: Errors;
  field?: string;
  depth?: number;
}) {
  return (
    <div className="api-variables" data-testid={depth ? undefined : 'variable-rows'}>
      {depth ? <p className="muted">{t('apis.variables.fields')}</p> : null}
      {rows.map((row, i) => (
        <VariableRow
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place by position
          key={i}
          value={row}
          at={`${field}[${i}]`}
          depth={depth}
          errors={errors}
          onChange={(v) => onChange(rows.map((r, j) => (j === i ? v : r)))}
          onRemove={() => onChange(rows.filter((_, j) => j !== i))}
        />
      ))}
      <button
        type="button"
        className="st-link"
        onClick={() => onChange([...rows, { key: '', data_type: 'string', sub: [] }])}
      >
        + {depth ? t('apis.variables.addField') : t('apis.variables.add')}
      </button>
    </div>
  );
}

export interface Choice {
  value: string;
  label: string;
}

export function AnswerRows({
  answers,
  onChange,
  variables,
  templates,
  replies,
  errors,
}: {
  answers: ApiAnswers;
  onChange: (a: ApiAnswers) => void;
  variables: string[];
  templates: Choice[];
  replies: Choice[];
  errors: Errors;
}) {
  const listId = useId();
  const set = (i: number, patch: Partial<ApiCondition>) =>
    onChange({
      ...answers,
      conditions: answers.conditions.map((c, j) => (j === i ? { ...c, ...patch } : c)),
    });
  return (
    <div className="api-answers" data-testid="answer-rows">
      <datalist id={listId}>
        {variables.map((v) => (
          <option key={v} value={v} />
        ))}
      </datalist>
      {answers.conditions.map((c, i) => {
        const at = `answers.conditions[${i}]`;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place by position
          <div className="api-condition" key={i}>
            <div className="api-row">
              <span className="api-when">{t('apis.answers.when')}</span>
              <InputField
                label={t('apis.answers.variable')}
                grow
                errors={errors}
                field={`${at}.variable`}
                list={listId}
                value={c.variable}
                onChange={(variable) => set(i, { variable })}
              />
              <ChoiceField
                label={t('apis.answers.operator')}
                value={c.operator}
                options={CONDITION_OPERATORS}
                optionLabel={(op) => t(`apis.answers.operators.${op}`)}
                onChange={(operator) => set(i, { operator })}
              />
              {VALUELESS_OPERATORS.includes(c.operator) ? null : (
                <InputField
                  label={t('apis.answers.value')}
                  errors={errors}
                  field={`${at}.value`}
                  value={c.value}
                  onChange={(value) => set(i, { value })}
                />
              )}
              <button
                type="button"
                className="st-icon-button"
                aria-label={t('apis.rows.remove')}
                onClick={() =>
                  onChange({ ...answers, conditions: answers.conditions.filter((_, j) => j !== i) })
                }
              >
                ×
              </button>
            </div>
            <div className="api-row">
              <span className="api-when">{t('apis.answers.then')}</span>
              <ChoiceField
                label={t('apis.answers.replyType')}
                value={c.reply.type}
                options={REPLY_KINDS}
                optionLabel={(k) => t(`apis.answers.replyTypes.${k}`)}
                onChange={(type) => set(i, { reply: { type } })}
              />
              {c.reply.type === 'text' ? (
                <InputField
                  label={t('apis.answers.text')}
                  grow
                  errors={errors}
                  field={`${at}.reply.text`}
                  value={c.reply.text ?? ''}
                  placeholder={t('apis.answers.textHint')}
                  onChange={(text) => set(i, { reply: { ...c.reply, text } })}
                />
              ) : (
                <label className="st-field api-grow">
                  <span>
                    {c.reply.type === 'template' ? t('apis.answers.template') : t('apis.answers.reply')}
                  </span>
                  <select
                    className="st-select"
                    value={c.reply.id ?? ''}
                    onChange={(e) => set(i, { reply: { ...c.reply, id: e.target.value } })}
                  >
                    <option value="">{t('apis.answers.choose')}</option>
                    {(c.reply.type === 'template' ? templates : replies).map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                  <Err errors={errors} field={`${at}.reply.id`} />
                </label>
              )}
            </div>
          </div>
        );
      })}
      <button
        type="button"
        className="st-link"
        onClick={() =>
          onChange({
            ...answers,
            conditions: [
              ...answers.conditions,
              {
                variable: variables[0] ?? '',
                operator: 'equals',
                value: '',
                reply: { type: 'text', text: '' },
              },
            ],
          })
        }
      >
        + {t('apis.answers.add')}
      </button>
      <InputField
        label={t('apis.answers.fallback')}
        errors={errors}
        field="answers.fallback"
        value={answers.fallback}
        placeholder={t('apis.answers.fallbackHint')}
        onChange={(fallback) => onChange({ ...answers, fallback })}
      />
    </div>
  );
}
