// Who receives a broadcast (spec 2, 3): all contacts, or by tag with filters, and excluded
// targets either way. Each filter is a type (tag, channel, verified) and the values it matches.
import { useId } from 'react';
import { TARGET_TYPES, type TargetType, VERIFY_OPTIONS } from '../../core/broadcast/compose';
import { formatNumber } from '../../core/format/numbers';
import type { MessagesTarget } from '../../core/models/broadcast';
import { t } from '../app/i18n';
import { localMessage } from '../app/localMessage';
import type { TargetChoices } from './api';

function optionsFor(type: string, choices: TargetChoices | null) {
  if (type === 'tag')
    return (choices?.tags ?? []).map((x) => ({
      value: x._id,
      label: x.name,
      count: x.count as number | null,
    }));
  if (type === 'channel')
    return (choices?.channels ?? []).map((x) => ({
      value: x._id,
      label: `${x.name} (${t(`broadcast.channels.${x.type}`)})`,
      count: x.count as number | null,
    }));
  return VERIFY_OPTIONS.map((v) => ({ value: v, label: t(`broadcast.verify.${v}`), count: null }));
}

function FilterRow({
  target,
  choices,
  onChange,
  onRemove,
  problem,
  index,
  group,
}: {
  target: MessagesTarget;
  choices: TargetChoices | null;
  onChange: (next: MessagesTarget) => void;
  onRemove: () => void;
  problem?: string;
  index: number;
  group: string;
}) {
  const id = useId();
  const options = optionsFor(target.type, choices);
  const toggle = (value: string) =>
    onChange({
      ...target,
      option: target.option.includes(value)
        ? target.option.filter((o) => o !== value)
        : [...target.option, value],
    });
  return (
    <fieldset className={`bc-filter ${problem ? 'bad' : ''}`} data-testid={`${group}-filter`}>
      <legend className="visually-hidden">{t('broadcast.target.filterN', { n: index + 1 })}</legend>
      <div className="bc-filter-head">
        <label htmlFor={id}>{t('broadcast.target.filterType')}</label>
        <select
          id={id}
          value={target.type}
          onChange={(e) => onChange({ type: e.target.value as TargetType, option: [] })}
        >
          {TARGET_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`broadcast.target.types.${type}`)}
            </option>
          ))}
        </select>
        <button type="button" className="tpl-link danger" onClick={onRemove}>
          {t('broadcast.remove')}
        </button>
      </div>
      {options.length === 0 ? (
        <p className="bc-hint">{t(`broadcast.target.none.${target.type}`)}</p>
      ) : (
        <div className="bc-options">
          {options.map((o) => (
            <label key={o.value} className={`bc-option ${target.option.includes(o.value) ? 'on' : ''}`}>
              <input
                type="checkbox"
                checked={target.option.includes(o.value)}
                onChange={() => toggle(o.value)}
              />
              <span>{o.label}</span>
              {o.count !== null ? <span className="bc-muted">{formatNumber(o.count, 0)}</span> : null}
            </label>
          ))}
        </div>
      )}
      {problem ? (
        <p className="bc-error" data-testid="field-error">
          {localMessage(problem)}
        </p>
      ) : null}
    </fieldset>
  );
}

export function TargetList({
  group,
  list,
  choices,
  onChange,
  problems,
}: {
  group: 'messages_target' | 'excluded_target';
  list: MessagesTarget[];
  choices: TargetChoices | null;
  onChange: (next: MessagesTarget[]) => void;
  problems: Record<string, string>;
}) {
  return (
    <div className="bc-filters">
      {list.map((target, i) => (
        <FilterRow
          // biome-ignore lint/suspicious/noArrayIndexKey: filters are edited in place by position
          key={i}
          index={i}
          group={group}
          target={target}
          choices={choices}
          problem={problems[`${group}[${i}].option`] ?? problems[`${group}[${i}].type`]}
          onChange={(next) => onChange(list.map((x, j) => (j === i ? next : x)))}
          onRemove={() => onChange(list.filter((_, j) => j !== i))}
        />
      ))}
      <button
        type="button"
        className="tpl-link"
        data-testid={`add-${group}`}
        onClick={() => onChange([...list, { type: 'tag', option: [] }])}
      >
        + {t(group === 'messages_target' ? 'broadcast.target.addFilter' : 'broadcast.target.addExcluded')}
      </button>
    </div>
  );
}
