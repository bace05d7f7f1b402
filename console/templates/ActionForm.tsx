// The action of a block, a part of a block or an image-map area (spec 3 "Action"), with the
// fields each type needs and the spec 5 rules shown beside them.
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useState } from 'react';
import { type Action, type ActionType, createAction, type KeyValue } from '../../core/template/action';
import { t } from '../app/i18n';
import { listTemplates, type TemplateSummary } from './api';
import { CheckboxField, NumberField, SelectField, TextField, useField } from './fields';
import { setAt } from './paths';
import { templateId, touch, updateActive } from './state';

const opt = (prefix: string, values: readonly string[]) =>
  values.map((value) => ({ value, label: t(`templates.${prefix}.${value}`) }));

/** Saved templates for "send a template" actions; loaded once per editor. */
let templateChoices: Promise<TemplateSummary[]> | null = null;
function useTemplateChoices() {
  const [list, setList] = useState<TemplateSummary[]>([]);
  useEffect(() => {
    templateChoices ??= listTemplates({ limit: 100 })
      .then((r) => r.list)
      .catch(() => []);
    let live = true;
    templateChoices.then((l) => live && setList(l));
    return () => {
      live = false;
    };
  }, []);
  return list;
}

export function forgetTemplateChoices() {
  templateChoices = null;
}

function Parameters({ path, label }: { path: string; label: string }) {
  const { value, set } = useField(path);
  const rows = (Array.isArray(value) ? value : []) as KeyValue[];
  const id = useId();
  return (
    <fieldset className="tpl-params" data-field={path}>
      <legend id={id}>{label}</legend>
      {rows.map((_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place by position
        <div className="tpl-param-row" key={i}>
          <TextField path={`${path}[${i}].key`} label={t('templates.action.paramKey')} />
          <TextField path={`${path}[${i}].value`} label={t('templates.action.paramValue')} />
          <button
            type="button"
            className="tpl-icon-button"
            aria-label={t('templates.action.removeParam')}
            onClick={() => set(rows.filter((__, j) => j !== i))}
          >
            ×
          </button>
        </div>
      ))}
      <button type="button" className="tpl-link" onClick={() => set([...rows, { key: '', value: '' }])}>
        + {t('templates.action.addParam')}
      </button>
    </fieldset>
  );
}

export function ActionForm({
  path,
  label,
  types,
}: {
  path: string;
  label: string;
  types: readonly ActionType[];
}) {
  useSignals();
  const { value } = useField(path);
  const action = (value && typeof value === 'object' ? value : null) as Action | null;
  const type: ActionType = action?.type ?? 'none';
  const templates = useTemplateChoices();
  const change = (next: string) => {
    // A block with no action has none (spec 4); another type starts from its defaults, keeping the label.
    updateActive((draft) =>
      setAt(
        draft,
        path,
        next === 'none' ? null : { ...createAction(next as ActionType), label: action?.label ?? null },
      ),
    );
    touch(`${path}.type`);
  };
  const f = (name: string) => `${path}.${name}`;
  const fromApi = action?.useActionFromApi === true;
  return (
    <fieldset className="tpl-action" data-testid="action-form" data-field={path}>
      <legend>{label}</legend>
      <SelectField
        path={f('type')}
        label={t('templates.action.type')}
        options={types.map((v) => ({ value: v, label: t(`templates.actionTypes.${v}`) }))}
        onChange={change}
      />
      {action && type !== 'none' ? (
        <>
          <CheckboxField path={f('useActionFromApi')} label={t('templates.action.useActionFromApi')} />
          {fromApi ? (
            <TextField path={f('apiName')} label={t('templates.fields.apiName')} list="tpl-api-variables" />
          ) : null}
          {!fromApi && type === 'message' ? (
            <TextField path={f('text')} label={t('templates.action.text')} multiline />
          ) : null}
          {!fromApi && type === 'uri' ? (
            <>
              <SelectField
                path={f('typeUrl')}
                label={t('templates.action.typeUrl')}
                options={opt('urlTypes', ['url', 'api'])}
              />
              {action.typeUrl === 'api' ? (
                <TextField
                  path={f('urlApiName')}
                  label={t('templates.fields.urlApiName')}
                  list="tpl-api-variables"
                />
              ) : (
                <TextField path={f('uri')} label={t('templates.fields.uri')} placeholder="https://" />
              )}
            </>
          ) : null}
          {!fromApi && type === 'tel' ? (
            <>
              <SelectField
                path={f('typeTel')}
                label={t('templates.action.typeTel')}
                options={opt('telTypes', ['number', 'api'])}
              />
              {action.typeTel === 'api' ? (
                <TextField
                  path={f('urlTelName')}
                  label={t('templates.fields.urlTelName')}
                  list="tpl-api-variables"
                />
              ) : (
                <TextField path={f('tel')} label={t('templates.fields.tel')} placeholder="0812345678" />
              )}
            </>
          ) : null}
          {!fromApi && type === 'templateId' ? (
            <>
              <SelectField
                path={f('templateId')}
                label={t('templates.fields.templateId')}
                options={[
                  { value: '', label: t('templates.action.chooseTemplate') },
                  ...templates
                    .filter((x) => x._id !== templateId.value)
                    .map((x) => ({ value: x._id, label: x.name })),
                ]}
              />
              <TextField path={f('displayText')} label={t('templates.fields.displayText')} />
            </>
          ) : null}
          {!fromApi && type === 'talkToHuman' ? (
            <>
              <SelectField
                path={f('talkToHumanAction')}
                label={t('templates.action.talkToHumanAction')}
                options={opt('talkToHuman', ['message', 'queue'])}
              />
              {action.talkToHumanAction === 'queue' ? (
                <TextField path={f('queueId')} label={t('templates.fields.queueId')} />
              ) : null}
              <TextField path={f('textUser')} label={t('templates.fields.textUser')} />
              <TextField path={f('displayTextBot')} label={t('templates.fields.displayTextBot')} multiline />
            </>
          ) : null}
          {!fromApi && type === 'location' ? (
            <div className="tpl-row">
              <NumberField
                path={f('lat')}
                label={t('templates.action.lat')}
                empty={null}
                min={-90}
                max={90}
                step={0.000001}
              />
              <NumberField
                path={f('lng')}
                label={t('templates.action.lng')}
                empty={null}
                min={-180}
                max={180}
                step={0.000001}
              />
            </div>
          ) : null}
          {!fromApi && type === 'apiCondition' ? (
            <>
              <TextField path={f('apiKey')} label={t('templates.fields.apiKey')} />
              <Parameters path={f('parameterHeader')} label={t('templates.action.parameterHeader')} />
              <SelectField
                path={f('parameterBodyType')}
                label={t('templates.action.parameterBodyType')}
                options={opt('bodyTypes', ['fields', 'json'])}
              />
              {action.parameterBodyType === 'json' ? (
                <TextField
                  path={f('parameterBodyJson')}
                  label={t('templates.fields.parameterBodyJson')}
                  multiline
                />
              ) : (
                <Parameters path={f('parameterBody')} label={t('templates.action.parameterBody')} />
              )}
            </>
          ) : null}
          {!fromApi && type === 'flow' ? (
            <>
              <TextField path={f('flowId')} label={t('templates.fields.flowId')} />
              <TextField path={f('flowMessage')} label={t('templates.action.flowMessage')} />
              <TextField path={f('displayText')} label={t('templates.fields.displayText')} />
            </>
          ) : null}
          {!fromApi && type === 'postback' ? (
            <>
              <TextField path={f('data')} label={t('templates.fields.data')} />
              <TextField path={f('displayText')} label={t('templates.fields.displayText')} />
            </>
          ) : null}
          {type === 'verify' || type === 'logout' ? (
            <p className="tpl-hint">{t(`templates.action.about.${type}`)}</p>
          ) : null}
          <TextField
            path={f('label')}
            label={t('templates.action.label')}
            hint={t('templates.action.labelHint')}
          />
        </>
      ) : null}
    </fieldset>
  );
}
