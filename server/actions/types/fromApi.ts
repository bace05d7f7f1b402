// useActionFromApi (spec 3): the template's API decides what the tap does. Its answer for this
// customer (server/apiConnections/templateValues.ts) holds, in the variable named by apiName, an
// action object (or its JSON), a web address (opened as a uri action) or a text (sent as a
// message action); that action then runs as if it had been tapped.
import { valueAt } from '../../../core/apis/connection';
import { type Action, createAction, readAction } from '../../../core/template/action';
import { readTemplateForm } from '../../../core/template/form';
import { templateValues } from '../../apiConnections/templateValues';
import { customerWords, findTemplate, sayText } from '../reply';
import type { ActionRun } from '../run';

function actionOf(value: unknown): Action | null {
  let candidate = value;
  if (typeof value === 'string') {
    const text = value.trim();
    if (text.startsWith('{')) {
      try {
        candidate = JSON.parse(text);
      } catch {
        candidate = null;
      }
    } else if (/^https?:\/\/\S+$/i.test(text)) return { ...createAction('uri'), uri: text };
    else if (text) return { ...createAction('message'), text: text.slice(0, 300) };
  }
  const action = readAction(candidate);
  return action && !action.useActionFromApi ? action : null;
}

export async function runFromApi(
  run: ActionRun,
  handlers: Record<string, (run: ActionRun) => Promise<void>>,
) {
  const name = (run.action.apiName || run.params.api || '').trim();
  const template =
    run.source?.kind === 'template' ? await findTemplate(run.ctx, run.accountId, run.source.id) : null;
  const read = template ? readTemplateForm(template.form) : null;
  if (!read?.ok || !name) {
    run.ctx.log.warn({ apiName: name }, 'action from API without its template');
    return sayText(run, customerWords(run, 'notAvailable'));
  }
  const values = await templateValues(run.ctx, run.accountId, read.form, run.follower.id);
  const action = actionOf(valueAt(values, name));
  const handler = action ? handlers[action.type] : undefined;
  if (!action || !handler) {
    run.ctx.log.warn({ apiName: name }, 'the API gave no action to run');
    return sayText(run, customerWords(run, 'apiFallback'));
  }
  await handler({ ...run, action, params: {} });
}
