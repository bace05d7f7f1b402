// The save of an editor dialog in the template look (intents, keywords, locations): success says
// "Success / save success" and hands over to `onSaved`; a refusal puts the server's words under
// the fields it names and opens "Unable to save data". One save at a time: `busy` disables Save
// while one is under way, and a second click before the button is redrawn is ignored (a double
// click made two locations, intents or rules).
import { useRef, useState } from 'react';
import { type Problems, problemsOf } from '../automation/ui';
import { notifySaved } from '../templates/Toasts';

export function useEditorSave(onSaved: () => void) {
  const [problems, setProblems] = useState<Problems>({});
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const run = async (save: () => Promise<unknown>) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await save();
      notifySaved();
      onSaved();
    } catch (err) {
      setProblems(problemsOf(err));
      setFailed(true);
    } finally {
      running.current = false;
      setBusy(false);
    }
  };
  return { problems, failed, busy, dismissFailed: () => setFailed(false), run };
}
