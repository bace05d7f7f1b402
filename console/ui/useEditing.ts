// Which row an editor dialog is open for on a list page: a row, 'new' for a new one, or none.
import { useState } from 'react';

export function useEditing<T>() {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  return {
    editing,
    setEditing,
    /** The row to edit; null for a new one. */
    edited: editing === 'new' ? null : editing,
    closeEditor: () => setEditing(null),
    /** For the editor's onSaved: closes it, then `then` (usually the list's reload). */
    afterSave: (then: () => void) => () => {
      setEditing(null);
      then();
    },
  };
}
