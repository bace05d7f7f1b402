// A fake Graph API (Messenger and Instagram Send API, profiles, /me) for the tests. Each send is
// checked against the documented shapes and limits (shared/reference/line-limits.md, the Meta
// table): one of text or attachment, text at most 2000, quick replies at most 13 (title 20,
// payload 1000), generic templates at most 10 elements (title 80, subtitle 80, 3 buttons), button
// templates (text 640, 1 to 3 buttons), button kinds, and the page token with its appsecret_proof.
// Instagram (its Messaging API docs) takes generic and button templates with web_url and postback
// buttons only: no call (phone_number) buttons and no media template.
import { createHmac } from 'node:crypto';
import { type FakeServer, PNG_1X1, type Recorded, route, startFakeServer } from './server';

export interface FakeMeta extends FakeServer {
  pageToken: string;
  appSecret: string;
  /** Sends Meta took (valid; a call refused through `failNext` is not among them). */
  sent: { pageId: string; recipient: string; message: Record<string, unknown> }[];
}

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

function checkButtons(
  buttons: unknown,
  at: string,
  min: number,
  problems: string[],
  channel: 'messenger' | 'instagram',
) {
  if (!Array.isArray(buttons) || buttons.length < min || buttons.length > 3) {
    problems.push(`${at}: ${min} to 3 buttons`);
    return;
  }
  buttons.forEach((b, i) => {
    if (!isNode(b)) {
      problems.push(`${at}[${i}]: not an object`);
      return;
    }
    if (typeof b.title !== 'string' || b.title.length === 0 || b.title.length > 20)
      problems.push(`${at}[${i}].title: 1 to 20`);
    if (b.type === 'web_url') {
      if (typeof b.url !== 'string' || !/^https?:\/\//.test(b.url)) problems.push(`${at}[${i}].url`);
    } else if (b.type === 'postback') {
      if (typeof b.payload !== 'string' || b.payload.length > 1000) problems.push(`${at}[${i}].payload`);
    } else if (b.type === 'phone_number') {
      if (channel === 'instagram') problems.push(`${at}[${i}].type: instagram has no call buttons`);
      if (typeof b.payload !== 'string' || !/^\+\d{6,15}$/.test(b.payload))
        problems.push(`${at}[${i}].payload`);
    } else problems.push(`${at}[${i}].type: ${String(b.type)}`);
  });
}

/** The Send API body's problems ([] when Meta would take it). */
export function checkSendBody(body: unknown, channel: 'messenger' | 'instagram'): string[] {
  const problems: string[] = [];
  if (!isNode(body)) return ['body: not an object'];
  if (!isNode(body.recipient) || typeof body.recipient.id !== 'string') problems.push('recipient.id');
  if (!['RESPONSE', 'UPDATE', 'MESSAGE_TAG'].includes(String(body.messaging_type)))
    problems.push('messaging_type');
  const m = body.message;
  if (!isNode(m)) return [...problems, 'message'];
  const keys = Object.keys(m).filter((k) => k !== 'quick_replies');
  if (keys.length !== 1 || !['text', 'attachment'].includes(keys[0]))
    problems.push(`message: one of text or attachment, got ${keys}`);
  if ('text' in m && (typeof m.text !== 'string' || m.text.length === 0 || m.text.length > 2000))
    problems.push('message.text: 1 to 2000');
  if (m.quick_replies !== undefined) {
    const q = m.quick_replies;
    if (!Array.isArray(q) || q.length === 0 || q.length > 13) problems.push('quick_replies: 1 to 13');
    else
      q.forEach((r, i) => {
        if (!isNode(r) || r.content_type !== 'text') {
          problems.push(`quick_replies[${i}].content_type`);
          return;
        }
        if (typeof r.title !== 'string' || r.title.length === 0 || r.title.length > 20)
          problems.push(`quick_replies[${i}].title`);
        if (typeof r.payload !== 'string' || r.payload.length > 1000)
          problems.push(`quick_replies[${i}].payload`);
      });
  }
  if (isNode(m.attachment)) {
    const a = m.attachment;
    const payload = isNode(a.payload) ? a.payload : {};
    if (['image', 'audio', 'video', 'file'].includes(String(a.type))) {
      if (typeof payload.url !== 'string' || !/^https:\/\//.test(payload.url))
        problems.push('attachment.payload.url: https');
    } else if (a.type === 'template') {
      if (payload.template_type === 'generic') {
        const elements = payload.elements;
        if (!Array.isArray(elements) || elements.length === 0 || elements.length > 10)
          problems.push('elements: 1 to 10');
        else
          elements.forEach((e, i) => {
            if (!isNode(e) || typeof e.title !== 'string' || !e.title || e.title.length > 80)
              problems.push(`elements[${i}].title`);
            if (
              isNode(e) &&
              e.subtitle !== undefined &&
              (typeof e.subtitle !== 'string' || e.subtitle.length > 80)
            )
              problems.push(`elements[${i}].subtitle`);
            if (isNode(e) && e.buttons !== undefined)
              checkButtons(e.buttons, `elements[${i}].buttons`, 1, problems, channel);
          });
      } else if (payload.template_type === 'button') {
        if (typeof payload.text !== 'string' || !payload.text || payload.text.length > 640)
          problems.push('button.text: 1 to 640');
        checkButtons(payload.buttons, 'button.buttons', 1, problems, channel);
      } else if (payload.template_type === 'media') {
        if (channel === 'instagram') problems.push('instagram has no media template');
        if (!Array.isArray(payload.elements) || payload.elements.length !== 1)
          problems.push('media.elements: exactly 1');
      } else problems.push(`template_type: ${String(payload.template_type)}`);
    } else problems.push(`attachment.type: ${String(a.type)}`);
  }
  return problems;
}

export async function startFakeMeta(
  pageToken = 'page-token',
  appSecret = 'meta-app-secret',
): Promise<FakeMeta> {
  const sent: FakeMeta['sent'] = [];
  let counter = 0;
  const authorized = (r: Recorded): boolean => {
    const proof = createHmac('sha256', appSecret).update(pageToken).digest('hex');
    if (r.query.get('access_token') !== pageToken) r.problems.push('bad access_token');
    if (r.query.get('appsecret_proof') !== proof) r.problems.push('bad appsecret_proof');
    return r.problems.length === 0;
  };
  const denied = {
    status: 400,
    json: { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } },
  };
  const fake = await startFakeServer([
    route('POST', '/v21.0/:pageId/messages', (r, p) => {
      if (!authorized(r)) return denied;
      // Instagram professional account ids start with 1784.
      const channel = p.pageId.startsWith('1784') ? 'instagram' : 'messenger';
      r.problems.push(...checkSendBody(r.body, channel));
      if (r.problems.length)
        return {
          status: 400,
          json: { error: { message: `(#100) ${r.problems.join('; ')}`, type: 'OAuthException', code: 100 } },
        };
      const body = r.body as { recipient: { id: string }; message: Record<string, unknown> };
      sent.push({ pageId: p.pageId, recipient: body.recipient.id, message: body.message });
      return { json: { recipient_id: body.recipient.id, message_id: `m_out_${++counter}` } };
    }),
    route('GET', '/v21.0/me', (r) =>
      authorized(r) ? { json: { id: '1000001', name: 'Fake Page' } } : denied,
    ),
    route('GET', '/v21.0/:userId', (r, p) => {
      if (!authorized(r)) return denied;
      return {
        json: {
          id: p.userId,
          first_name: 'Somchai',
          last_name: 'Jaidee',
          name: 'somchai.ig',
          profile_pic: 'https://cdn.fake/pic.png',
        },
      };
    }),
    route('GET', '/cdn/:name', () => ({ body: PNG_1X1, headers: { 'content-type': 'image/png' } })),
  ]);
  return Object.assign(fake, { pageToken, appSecret, sent });
}
