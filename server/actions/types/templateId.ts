// templateId (spec 3): the bot answers with the saved template, filled for this customer when it
// takes its values from an API, its web links tracked. A template that is gone is said so.

import { CannotSend, customerWords, findTemplate, say, sayText, templateItems } from '../reply';
import type { ActionRun } from '../run';

export async function runTemplate(run: ActionRun): Promise<void> {
  const id = (run.action.templateId || run.params.id || '').trim();
  const template = await findTemplate(run.ctx, run.accountId, id);
  if (!template) {
    run.ctx.log.warn({ templateId: id, accountId: run.accountId }, 'tapped template does not exist');
    return sayText(run, customerWords(run, 'notAvailable'));
  }
  try {
    await say(run, await templateItems(run, template));
  } catch (err) {
    if (!(err instanceof CannotSend)) throw err;
    run.ctx.log.warn({ templateId: id, reason: err.message }, 'tapped template cannot be sent here');
    await sayText(run, customerWords(run, 'notAvailable'));
  }
}
