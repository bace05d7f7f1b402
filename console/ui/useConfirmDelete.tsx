// A list page's delete question: `ask(row)` opens ConfirmDelete for that row; the page renders
// `dialog` once. Yes runs `remove` (which reloads the list, toasts, …).
import { useState } from 'react';
import { ConfirmDelete } from './ConfirmDelete';

export function useConfirmDelete<T>(remove: (item: T) => Promise<void>, onError?: (err: unknown) => void) {
  const [item, setItem] = useState<T | null>(null);
  return {
    ask: (row: T) => setItem(row),
    dialog: <ConfirmDelete item={item} onClose={() => setItem(null)} remove={remove} onError={onError} />,
  };
}
