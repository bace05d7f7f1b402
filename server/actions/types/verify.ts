// verify and logout (spec 3, issue 16): verify sends the customer a button to the short form on
// /go (server/verification), or says they are verified already; logout removes the verified state.
import type { OutgoingItem } from '../../../core/automation/replyConvert';
import { linkFooter } from '../../../core/template/flexParts';
import { logoutCustomer, startVerification } from '../../verification/flow';
import { customerText, loadVerificationSettings } from '../../verification/store';
import { say, sayText } from '../reply';
import type { ActionRun } from '../run';

export async function runVerify(run: ActionRun): Promise<void> {
  const started = await startVerification(run.ctx, run.follower);
  if (started.state === 'already') return sayText(run, customerText(started.settings, 'already'));
  const intro = customerText(started.settings, 'intro');
  const label = customerText(started.settings, 'button');
  const items: OutgoingItem[] =
    run.channelType === 'wechat'
      ? [{ type: 'text', text: `${intro}\n${started.url}` }]
      : [
          {
            type: 'flex',
            altText: intro.slice(0, 400),
            contents: {
              type: 'bubble',
              size: 'kilo',
              body: {
                type: 'box',
                layout: 'vertical',
                contents: [{ type: 'text', text: intro, wrap: true }],
              },
              footer: linkFooter(label, started.url),
            },
          },
        ];
  await say(run, items);
}

export async function runLogout(run: ActionRun): Promise<void> {
  const s = await loadVerificationSettings(run.ctx.db, run.accountId);
  const done = await logoutCustomer(run.ctx, run.follower);
  await sayText(run, customerText(s, done ? 'logout' : 'notVerified'));
}
