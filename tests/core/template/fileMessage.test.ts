// core/template/fileMessage.ts: files sent in chat (spec 3, 9).
import { describe, expect, it } from 'vitest';
import { FILE_MESSAGE, toLineFileMessage } from '../../../core/template/fileMessage';
import { checkLineMessage } from '../../../core/template/limits';
import { validatorFor } from './lineSchema';

const schema = validatorFor('Message');
const pdf = {
  name: 'price-list.pdf',
  url: 'https://cdn.example.com/files/price-list.pdf',
  size: 1_572_864,
  type: 'application/pdf',
};

describe('file message (spec 3, 9)', () => {
  it("a document is a kilo flex bubble with alt text 'Send Files', name, type, size and a Download link", () => {
    const result = toLineFileMessage(pdf);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const message = result.message as {
      type: string;
      altText: string;
      contents: {
        size: string;
        body: { contents: { text: string }[] };
        footer: { contents: { action: { label: string; uri: string } }[] };
      };
    };
    expect(message.type).toBe('flex');
    expect(message.altText).toBe(FILE_MESSAGE.altText);
    expect(message.altText).toBe('Send Files');
    expect(message.contents.size).toBe('kilo');
    expect(message.contents.body.contents[0].text).toBe('price-list.pdf');
    expect(message.contents.body.contents[1].text).toBe('PDF · 1.57 MB');
    expect(message.contents.footer.contents[0].action).toMatchObject({ label: 'Download', uri: pdf.url });
    expect(schema(message)).toEqual([]);
    expect(checkLineMessage(message as never)).toEqual([]);
  });

  it('an image goes as an image message, previewed by itself', () => {
    const result = toLineFileMessage({
      ...pdf,
      name: 'a.png',
      type: 'image/png',
      url: 'https://cdn.example.com/a.png',
    });
    expect(result).toEqual({
      ok: true,
      message: {
        type: 'image',
        originalContentUrl: 'https://cdn.example.com/a.png',
        previewImageUrl: 'https://cdn.example.com/a.png',
      },
    });
    if (result.ok) expect(schema(result.message)).toEqual([]);
  });

  it("a video carries tracking id '-' and needs a preview image", () => {
    const video = { ...pdf, name: 'v.mp4', type: 'video/mp4', url: 'https://cdn.example.com/v.mp4' };
    const missing = toLineFileMessage(video);
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.errors.map((e) => e.field)).toContain('previewUrl');
    const result = toLineFileMessage({ ...video, previewUrl: 'https://cdn.example.com/v.jpg' });
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.message).toMatchObject({ type: 'video', trackingId: '-' });
      expect(schema(result.message)).toEqual([]);
    }
  });

  it.each([['javascript:alert(1)'], [''], ['ftp://cdn.example.com/a.pdf']])(
    'refuses the file address %j',
    (url) => {
      const result = toLineFileMessage({ ...pdf, url });
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.errors[0].field).toBe('url');
    },
  );
});
