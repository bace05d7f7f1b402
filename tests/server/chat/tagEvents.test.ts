// Tags put on or taken off a chat's contact are announced to the inbox (CONTACT_FIELD_UPDATE, as
// contact fields are), so another agent with the chat open reads its tags again (console/live/Tags).
import { afterAll, beforeAll, describe, it } from 'vitest';
import { AGENT_EVENTS } from '../../../core/realtime/events';
import { type Harness, type RecordingSocket, startChatHarness, testDatabases } from './chatHarness';

describe.each(await testDatabases())('tag changes announced on %s', (_name, postgres) => {
  let h: Harness;
  let sock: RecordingSocket;
  let followerId: string;

  beforeAll(async () => {
    h = await startChatHarness({ postgres });
    const agent = await h.addAgent(4, 'Watching Agent');
    sock = await h.agentSocket(agent);
    followerId = (await h.customerSays('hello', { visitor: 'tag-ev', name: 'Tag Customer' }))!.follower._id;
  });
  afterAll(() => h?.close());

  it('tag/add and tag/delete each reach another agent as CONTACT_FIELD_UPDATE for the follower', async () => {
    const before = sock.heard.length;
    const added = await h.api('POST', '/api/tag/add', { followerId, name: 'Gold' });
    await sock.next(
      AGENT_EVENTS.CONTACT_FIELD_UPDATE,
      (p) => p.follower_id === followerId && sock.heard.length > before,
    );
    const middle = sock.heard.length;
    await h.api('POST', '/api/tag/delete', { followerId, id: added.body.tags[0].value });
    await sock.next(
      AGENT_EVENTS.CONTACT_FIELD_UPDATE,
      (p) => p.follower_id === followerId && sock.heard.length > middle,
    );
  });
});
