// A settings-table status cell: the on/off switch (for those who may change it) and the state in words.
import { Switch } from '../settings/ui';

export function StatusCell({
  on,
  text,
  switchLabel,
  onChange,
}: {
  on: boolean;
  text: string;
  /** The switch's accessible name; no switch without `onChange`. */
  switchLabel: string;
  onChange?: (next: boolean) => void;
}) {
  return (
    <td>
      <span className="st-toolbar">
        {onChange ? <Switch checked={on} onChange={onChange} label={switchLabel} /> : null}
        <span className={`st-status${on ? '' : ' off'}`}>{text}</span>
      </span>
    </td>
  );
}
