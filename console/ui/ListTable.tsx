// The tables of list pages: the column heads, then an "Actions" head over the row action cells
// (visually hidden in the template look; hidden on narrow screens in the settings look).
import type { ReactNode } from 'react';
import { t } from '../app/i18n';
import './list.css';

const LOOKS = {
  automation: { wrap: 'auto-table-wrap tall', table: 'auto-table', actions: 'automation.columns.actions' },
  broadcast: { wrap: 'bc-table-wrap', table: 'bc-table', actions: 'broadcast.columns.actions' },
  templates: { wrap: 'tpl-table-wrap', table: 'tpl-table', actions: 'templates.columns.actions' },
} as const;

export function ListTable({
  look,
  head,
  children,
}: {
  /** Whose classes and "Actions" text the table takes. */
  look: keyof typeof LOOKS;
  /** The `<th>` cells before the actions column. */
  head: ReactNode;
  children: ReactNode;
}) {
  const { wrap, table, actions } = LOOKS[look];
  return (
    <div className={`ui-table-wrap ${wrap}`}>
      <table className={`ui-table ${table}`}>
        <thead>
          <tr>
            {head}
            <th>
              <span className="visually-hidden">{t(actions)}</span>
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** The settings look: a card, `scope="col"` heads and, for those who may change rows, "Actions". */
export function SettingsTable({
  head,
  withActions,
  children,
}: {
  head: ReactNode;
  withActions: boolean;
  children: ReactNode;
}) {
  return (
    <div className="st-table-card">
      <table className="st-table">
        <thead>
          <tr>
            {head}
            {withActions ? (
              <th scope="col" className="actions">
                <span className="st-hide-narrow">{t('settings.common.actions')}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
