// A field's error under it: core's and the server's messages (spec 5 texts, in English) in the
// console's language; a message that is already the user's language is shown as it is.
import { useSignals } from '@preact/signals-react/runtime';
import { localMessage } from '../app/localMessage';

export function FieldErrorText({
  message,
  className = 'error',
  id,
}: {
  message: string | null | undefined;
  className?: string;
  id?: string;
}) {
  useSignals();
  if (!message) return null;
  return (
    <small className={className} id={id}>
      {localMessage(message)}
    </small>
  );
}
