// The location card for Messenger/Instagram (spec 3 "Location"): fitted to Meta's 80-character
// title and subtitle when it has a picture, by graphemes; the widget's card is left as it was.
import { describe, expect, it } from 'vitest';
import { fitLines, type LocationFields, locationBubble, shorten } from '../../../core/automation/location';
import type { FlexText } from '../../../core/template/flexTypes';

const PLACE: LocationFields = {
  name: 'สาขาสยาม',
  address: '991 ถนนพระราม 1',
  sub_district: 'แขวงปทุมวัน',
  district: 'เขตปทุมวัน',
  province: 'กรุงเทพมหานคร',
  postcode: '10330',
  latitude: '13.7462',
  longitude: '100.5347',
  open_time: '10:00',
  close_time: '21:00',
  telephone: '021234567',
  mobile: '',
  nearby_place: 'ใกล้สถานีรถไฟฟ้าสยาม ทางออก 3',
  image: 'https://cdn.example.com/siam.jpg',
};
const texts = (bubble: ReturnType<typeof locationBubble>) =>
  (bubble.body?.contents ?? []).map((c) => (c as FlexText).text);

describe('shorten', () => {
  it('cuts between graphemes, the ellipsis counted, and keeps short text as it is', () => {
    expect(shorten('ถนนพระราม', 20)).toBe('ถนนพระราม');
    // 'ที่' is three code points but one grapheme: never split.
    const cut = shorten('บ้านที่สวย', 7);
    expect(cut.length).toBeLessThanOrEqual(7);
    expect(cut).toBe('บ้าน…');
    expect(shorten('abc', 1)).toBe('');
  });

  it('fitLines keeps whole lines first, shortens the next, leaves out the rest', () => {
    expect(fitLines(['aaaa', 'bbbb', 'cccc'], 9)).toEqual(['aaaa', 'bbbb']);
    expect(fitLines(['aaaa', 'bbbbbbbbbbbbbbbbbbbb', 'cccc'], 20)).toEqual(['aaaa', 'bbbbbbbbbbbbbb…']);
  });
});

describe('locationBubble', () => {
  it('for the widget is unchanged: every line whole, nearby place before the call button', () => {
    const long = { ...PLACE, address: 'ก'.repeat(200) };
    const card = locationBubble(long);
    expect(texts(card)).toEqual([
      'สาขาสยาม',
      `${'ก'.repeat(200)} แขวงปทุมวัน เขตปทุมวัน กรุงเทพมหานคร 10330`,
      'Open 10:00–21:00',
      'ใกล้สถานีรถไฟฟ้าสยาม ทางออก 3',
    ]);
  });

  it('for Meta with a picture keeps the subtitle within 80 characters', () => {
    const card = locationBubble(PLACE, undefined, { meta: true, callButton: false });
    const [title, ...lines] = texts(card);
    expect(title).toBe('สาขาสยาม');
    expect(lines.join('\n').length).toBeLessThanOrEqual(80);
    // Address (58) + hours (16) + phone (12) are 88: the address gives up its end to them.
    expect(lines).toEqual([
      '991 ถนนพระราม 1 แขวงปทุมวัน เขตปทุมวัน กรุงเทพมหาน…',
      'Open 10:00–21:00',
      '☎ 021234567',
    ]);
    // On Messenger the phone is a call button: address and hours fit whole, the nearby place not.
    const messenger = texts(locationBubble(PLACE, undefined, { meta: true }));
    expect(messenger.slice(1)).toEqual([
      '991 ถนนพระราม 1 แขวงปทุมวัน เขตปทุมวัน กรุงเทพมหานคร 10330',
      'Open 10:00–21:00',
    ]);
  });

  it('for Meta without a picture keeps every line (a button template holds 640)', () => {
    const card = locationBubble({ ...PLACE, image: null }, undefined, { meta: true, callButton: false });
    expect(texts(card)).toEqual([
      'สาขาสยาม',
      '991 ถนนพระราม 1 แขวงปทุมวัน เขตปทุมวัน กรุงเทพมหานคร 10330',
      'Open 10:00–21:00',
      '☎ 021234567',
      'ใกล้สถานีรถไฟฟ้าสยาม ทางออก 3',
    ]);
  });
});
