// The save of an editor dialog in the template look (intents, keywords, locations): success says
// "Success / save success" and hands over to `onSaved`; a refusal puts the server's words under
// the fields it names and opens "Unable to save data".
import { useState } from 'react';
import { type Problems, problemsOf } from '../automation/ui';
import { notifySaved } from '../templates/Toasts';

export function useEditorSave(onSaved: () => void) {
  const [problems, setProblems] = useState<Problems>({});
  const [failed, setFailed] = useState(false);
  const run = async (save: () => Promise<unknown>) => {
    try {
      await save();
      notifySaved();
      onSaved();
    } catch (err) {
      setProblems(problemsOf(err));
      setFailed(true);
    }
  };
  return { problems, failed, dismissFailed: () => setFailed(false), run };
}
