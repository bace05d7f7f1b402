// apiCondition (spec 3): the bot calls the external API named by apiKey for this customer (the
// action's own headers and body on top of the connection's) and answers by the first condition
// on the response variables that holds: a text with the answer's values, a template filled with
// them, or a reply message. A failed call, or no condition that holds, gets the fallback: the
// action's `responese`, else the connection's fallback, else a polite default.
import type { ApiAnswers, ApiReply } from '../../../core/apis/connection';
import { fillText, firstMatch } from '../../../core/apis/connection';
import type { Variables } from '../../../core/apis/variables';
import { CONVERT_MESSAGES } from '../../../core/automation/replyConvert';
import { callApi } from '../../apiConnections/call';
import { customerValues } from '../../apiConnections/customer';
import { callable, connectionByKey, readAnswers } from '../../apiConnections/store';
import { CannotSend, customerWords, findTemplate, replyItems, say, sayText, templateItems } from '../reply';
import type { ActionRun } from '../run';

/** Conditions an action carries itself (`action.action.conditions`, set through the API), if any. */
function ownAnswers(run: ActionRun): ApiAnswers | null {
  const raw = run.action.action;
  if (!raw || typeof raw !== 'object' || !Array.isArray((raw as { conditions?: unknown }).conditions))
    return null;
  return readAnswers(raw);
}

export async function sendApiReply(run: ActionRun, reply: ApiReply, values: Variables): Promise<void> {
  if (reply.type === 'text')
    return sayText(run, fillText(reply.text ?? '', values) || customerWords(run, 'apiFallback'));
  if (reply.type === 'template') {
    const template = await findTemplate(run.ctx, run.accountId, reply.id ?? '');
    if (!template) throw new CannotSend(CONVERT_MESSAGES.missingTemplate);
    return say(run, await templateItems(run, template, values));
  }
  return say(run, await replyItems(run, reply.id ?? ''));
}

export async function runApiCondition(run: ActionRun): Promise<void> {
  const key = (run.action.apiKey || run.params.api || '').trim();
  const connection = await connectionByKey(run.ctx.db, run.accountId, key);
  const answers = ownAnswers(run) ?? connection?.answers ?? { conditions: [], fallback: '' };
  const fallback = () =>
    sayText(
      run,
      run.action.responese?.trim() || answers.fallback?.trim() || customerWords(run, 'apiFallback'),
    );
  if (!connection?.status) {
    run.ctx.log.warn({ api: key, accountId: run.accountId }, 'apiCondition API is missing or switched off');
    return fallback();
  }
  const values = await customerValues(run.ctx, run.follower.id);
  const result = await callApi(run.ctx, callable(connection), values, {
    headers: run.action.parameterHeader.map((p) => ({ key: p.key, value: p.value })),
    body: run.action.parameterBody.map((p) => ({ key: p.key, value: p.value })),
    bodyJson: run.action.parameterBodyType === 'json' ? run.action.parameterBodyJson : null,
    bodyType:
      run.action.parameterBodyType === 'json' && run.action.parameterBodyJson?.trim() ? 'json' : undefined,
  });
  if (!result.ok) return fallback();
  const index = firstMatch(answers.conditions, result.variables);
  if (index < 0) return fallback();
  try {
    await sendApiReply(run, answers.conditions[index].reply, result.variables);
  } catch (err) {
    if (!(err instanceof CannotSend)) throw err;
    run.ctx.log.warn({ api: key, reason: err.message }, 'apiCondition answer cannot be sent');
    await fallback();
  }
}
