// Who may change the chat widget (issue 5, spec 6): its settings, identity secret and logo are the
// settings area's (core/access/areas.ts), so a role's area access decides, not its level: an agent
// is refused, a supervisor given settings 'write' may, an admin narrowed to 'read' may not. Every
// member still reads the settings, told whether they may edit. Also what open widgets cost: the
// script and chunks gzipped, and /service/widget/info re-checked with an ETag (304 while unchanged).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CustomRoles,
  membersByRole,
  type Session,
  startTeamHarness,
  type TeamHarness,
} from '../contacts/teamHarness';
import { png } from '../media/fixtures';

let h: TeamHarness;
const as: Record<string, Session> = {};

const CUSTOM: CustomRoles = {
  settingsSupervisor: { level: 3, permissions: { settings: 'write' } },
  readOnlyAdmin: { level: 2, permissions: { settings: 'read' } },
};
/** Who may write the settings area, by the shared rules. */
const MAY_EDIT: Record<string, boolean> = {
  owner: true,
  admin: true,
  supervisor: false,
  agent: false,
  settingsSupervisor: true,
  readOnlyAdmin: false,
};

beforeAll(async () => {
  h = await startTeamHarness();
  Object.assign(as, await membersByRole(h, CUSTOM));
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const widgetId = () => h.owner.widgetId;
const savedLabel = async () =>
  (await h.api('GET', '/api/widget/settings', { widget_id: widgetId() })).body.settings.button_label;

describe('widget settings follow the settings area', () => {
  it.each(Object.keys(MAY_EDIT))('%s', async (who) => {
    const session = as[who];
    const allowed = MAY_EDIT[who];
    const want = allowed ? 200 : 403;
    const read = await h.api('GET', '/api/widget/settings', { widget_id: widgetId() }, session);
    expect(read.status).toBe(200);
    expect(read.body.can_edit).toBe(allowed);

    const before = await savedLabel();
    const label = `By ${who}`.slice(0, 30);
    const put = await h.api(
      'PUT',
      '/api/widget/settings',
      { widget_id: widgetId(), settings: { button_label: label } },
      session,
    );
    expect(put.status, JSON.stringify(put.body)).toBe(want);
    expect(await savedLabel()).toBe(allowed ? label : before);

    expect((await h.api('GET', '/api/widget/identity', { widget_id: widgetId() }, session)).status).toBe(
      want,
    );
    const identity = await h.api(
      'POST',
      '/api/widget/identity',
      { widget_id: widgetId(), action: 'disable' },
      session,
    );
    expect(identity.status).toBe(want);

    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await png(8, 8))], { type: 'image/png' }), 'logo.png');
    const logo = await h.api('POST', `/api/widget/logo?widget_id=${widgetId()}`, form, session);
    expect(logo.status, JSON.stringify(logo.body)).toBe(want);
  });
});

describe('what every page with the widget downloads', () => {
  it('sends chat-widget.js and the chat box chunks gzipped to browsers that accept it', async () => {
    const plain = await fetch(`${h.server.url}/chat-widget.js`, {
      headers: { 'accept-encoding': 'identity' },
    });
    const script = await plain.text();
    expect(plain.headers.get('content-encoding')).toBeNull();
    const gz = await fetch(`${h.server.url}/chat-widget.js`, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('vary')).toContain('accept-encoding');
    expect(await gz.text()).toBe(script);
    const box = /widget-chunks\/mount-[\w]+\.js/.exec(script)?.[0];
    expect(box).toBeDefined();
    const chunk = await fetch(`${h.server.url}/${box}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(chunk.status).toBe(200);
    expect(chunk.headers.get('content-encoding')).toBe('gzip');
    expect(Number(chunk.headers.get('content-length'))).toBeLessThan((await chunk.text()).length / 2);
  });
});

describe('GET /service/widget/info revalidation', () => {
  const info = (etag?: string) =>
    fetch(`${h.server.url}/service/widget/info?widget_id=${widgetId()}`, {
      headers: etag ? { 'if-none-match': etag } : {},
    });

  it('answers 304 without a body while the settings are unchanged, and a new tag after a save', async () => {
    const first = await info();
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(first.headers.get('access-control-allow-origin')).toBe('*');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\/".+"$/);
    const same = await info(etag);
    expect(same.status).toBe(304);
    expect(await same.text()).toBe('');

    await h.api('PUT', '/api/widget/settings', {
      widget_id: widgetId(),
      settings: { button_label: 'Talk to us' },
    });
    const changed = await info(etag);
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect((await changed.json()).button_label).toBe('Talk to us');
  });
});
