// An image map built on a media-library picture (issue 6, spec 2/9: base width 1040, areas in
// percent to pixels) is saved with the picture's own base height, passes LINE's schema and prose
// limits, and goes from an agent to a LINE follower through the fake LINE API, which fetches
// `{baseUrl}/1040` as LINE does; the same template to a widget chat is refused, naming `kind`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAction } from '../../../core/template/action';
import {
  createImagemap,
  IMAGEMAP_MESSAGES,
  type ImagemapForm,
  imagemapImageUrl,
} from '../../../core/template/imagemap';
import { LIMIT_MESSAGES } from '../../../core/template/limits';
import { checkLineMessage } from '../../../core/template/lineCheck';
import { receiveCustomerMessage } from '../../../server/chat/inbound';
import { validatorFor } from '../../core/template/lineSchema';
import {
  type ChannelHarness,
  connectLine,
  conversation,
  eventually,
  lineEvent,
  postLineWebhook,
  startChannelHarness,
} from '../channels/channelHarness';
import { jpeg, mediaClient, pdf } from '../media/fixtures';

const PUBLIC = 'https://chat.example.test';
const SHOP = 'https://shop.example.com/spring';
const lineMessage = validatorFor('Message');

let h: ChannelHarness;
let channelId: string;
let lineFollower: string;
let widgetFollower: string;
let picture: { id: string; url: string };

async function customerWrites(userId: string, text: string) {
  const message = { id: String(Date.now()), type: 'text', text, quoteToken: 'q' };
  const res = await postLineWebhook(h, channelId, [
    lineEvent({ type: 'user', userId }, { type: 'message', message }),
  ]);
  expect(res.status).toBe(200);
}

/** What the editor saves after picking the picture: its address, two halves, a link and a message. */
function springMap(baseUrl: string, extra: Partial<ImagemapForm> = {}): ImagemapForm {
  const form = createImagemap('square', 2);
  form.baseUrl = baseUrl;
  form.areas[0].action = { ...createAction('uri'), uri: SHOP };
  form.areas[1].action = { ...createAction('message'), text: 'Tell me more' };
  return { ...form, ...extra };
}

const create = (name: string, form: unknown) =>
  h.api('POST', '/api/message-template/create', { name, kind: 'imagemap', form });

beforeAll(async () => {
  h = await startChannelHarness({ PUBLIC_URL: PUBLIC });
  // LINE reaches the server at PUBLIC_URL; here that is the test server itself.
  h.line.fetchImagemapImages = (url) => url.replace(PUBLIC, h.server.url);
  channelId = await connectLine(h, '1650000777');
  h.line.profiles.set('U-fon', { displayName: 'Fon' });
  await customerWrites('U-fon', 'มีโปรอะไรบ้างคะ');
  lineFollower = await eventually(async () => {
    const c = await conversation(h, channelId, 'U-fon');
    expect(c.follower).not.toBeNull();
    return c.follower?.id as string;
  });
  const visitor = await receiveCustomerMessage(h.server.app.ctx, {
    channel: { id: h.owner.widgetId, accountId: h.owner.accountId, type: 'widget' },
    externalId: 'visitor-map',
    items: [{ type: 'text', text: 'hello' }],
  });
  widgetFollower = visitor?.follower._id ?? '';
  const upload = await mediaClient(h.server.url, h.owner).upload([
    { name: 'spring.jpg', body: await jpeg(1600, 1200) },
  ]);
  expect(upload.status).toBe(200);
  picture = upload.body.resultUpload[0];
}, 60_000);
afterAll(() => h?.close());

describe('an image map on a media-library picture', () => {
  it('is saved with the picture’s base height and converts to a schema-valid LINE imagemap', async () => {
    expect(picture.url.startsWith(`${PUBLIC}/media/`)).toBe(true);
    const baseUrl = imagemapImageUrl(new URL(picture.url).origin, picture.id);
    // A wrong height sent by the client is replaced by the picture's own: round(1040 × 1200 / 1600).
    const res = await create('Spring map', springMap(baseUrl, { baseHeight: 100 }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.form.baseHeight).toBe(780);
    expect(res.body.message).toEqual({
      type: 'imagemap',
      baseUrl,
      altText: 'Spring map',
      baseSize: { width: 1040, height: 780 },
      actions: [
        { type: 'uri', linkUri: SHOP, area: { x: 0, y: 0, width: 520, height: 780 } },
        { type: 'message', text: 'Tell me more', area: { x: 520, y: 0, width: 520, height: 780 } },
      ],
    });
    expect(lineMessage(res.body.message)).toEqual([]);
    expect(checkLineMessage(res.body.message)).toEqual([]);
  });

  it('refuses a picture that is not in the library, or not a JPEG or PNG, naming baseUrl', async () => {
    const missing = await create('Lost', springMap(imagemapImageUrl(PUBLIC, 'z'.repeat(20))));
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ field: 'baseUrl', message: IMAGEMAP_MESSAGES.imageMissing });
    const doc = await mediaClient(h.server.url, h.owner).upload([{ name: 'menu.pdf', body: pdf() }]);
    const notPicture = await create(
      'Document',
      springMap(imagemapImageUrl(PUBLIC, doc.body.resultUpload[0].id)),
    );
    expect(notPicture.status).toBe(400);
    expect(notPicture.body).toMatchObject({ field: 'baseUrl', message: LIMIT_MESSAGES.imageType });
  });

  it('an agent sends it to a LINE follower: LINE gets the imagemap and can fetch its picture', async () => {
    const baseUrl = imagemapImageUrl(PUBLIC, picture.id);
    const made = await create('Spring offers', springMap(baseUrl));
    const before = h.line.sent.length;
    const res = await h.api('POST', `/api/message-template/${made.body._id}/send`, {
      followerId: lineFollower,
      tempId: 'map-send-1',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [item] = res.body.message.messages_sent;
    expect(item).toMatchObject({ type: 'imagemap', baseUrl, baseSize: { width: 1040, height: 780 } });
    // The link is a tracked /go link, as on flex templates.
    expect(item.actions[0].linkUri).toMatch(/^https:\/\/chat\.example\.test\/go\?l=\w+$/);
    const sent = await eventually(async () => {
      expect(h.line.sent.length).toBe(before + 1);
      return h.line.sent[before];
    });
    expect(sent.to === 'U-fon' || sent.kind === 'reply').toBe(true);
    expect(sent.body.messages).toEqual([item]);
    expect(lineMessage(item)).toEqual([]);
    expect(h.line.requests.flatMap((r) => r.problems)).toEqual([]);
    expect(h.line.imagemapImages.at(-1)).toEqual({
      url: `${baseUrl}/1040`,
      status: 200,
      type: 'image/jpeg',
      width: 1040,
      height: 780,
    });
    const go = await fetch(item.actions[0].linkUri.replace(PUBLIC, h.server.url), { redirect: 'manual' });
    expect(go.status).toBe(302);
    expect(go.headers.get('location')).toBe(SHOP);
  });

  it('is refused for a widget chat, and once its picture is deleted', async () => {
    const made = await create('Widget map', springMap(imagemapImageUrl(PUBLIC, picture.id)));
    expect(widgetFollower).not.toBe('');
    const widget = await h.api('POST', `/api/message-template/${made.body._id}/send`, {
      followerId: widgetFollower,
    });
    expect(widget.status).toBe(400);
    expect(widget.body).toMatchObject({ field: 'kind', message: IMAGEMAP_MESSAGES.lineChatsOnly });

    await mediaClient(h.server.url, h.owner).del('/api/file/delete', { fileIds: [picture.id] });
    const before = h.line.sent.length;
    const gone = await h.api('POST', `/api/message-template/${made.body._id}/send`, {
      followerId: lineFollower,
    });
    expect(gone.status).toBe(400);
    expect(gone.body).toMatchObject({ field: 'baseUrl', message: IMAGEMAP_MESSAGES.imageMissing });
    expect(h.line.sent.length).toBe(before);
  });
});
