// uri and tel taps rarely reach the server: every channel opens a link or dials a number itself
// (the address is a tracked /go link when it was sent, server/links). They arrive here only when
// an API decided the action (fromApi) or from postback data typed by hand; the bot then sends the
// tracked link, or the number to call.
import { actionUri, telUri } from '../../../core/template/action';
import { isUrl } from '../../../core/validation/rules';
import { trackedLink } from '../../links/store';
import { customerWords, sayText } from '../reply';
import type { ActionRun } from '../run';

export async function runUri(run: ActionRun): Promise<void> {
  const url = actionUri(run.action) || run.params.uri || '';
  if (!isUrl(url)) return sayText(run, customerWords(run, 'notAvailable'));
  const link = await trackedLink(run.ctx, {
    accountId: run.accountId,
    url,
    source: { kind: 'action', id: run.source?.id ?? 'data', part: run.eventKey.slice(0, 60) },
    followerId: run.follower.id,
  });
  await sayText(run, customerWords(run, 'open', { link }));
}

export async function runTel(run: ActionRun): Promise<void> {
  const tel = telUri(run.action).slice(4) || run.params.tel || '';
  if (!/^\+?\d{3,15}$/.test(tel)) return sayText(run, customerWords(run, 'notAvailable'));
  await sayText(run, customerWords(run, 'call', { tel }));
}
