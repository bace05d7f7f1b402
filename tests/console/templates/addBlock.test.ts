// A block added in the Thai console is named and filled in Thai, in the language of the moment
// it is added; one added in English keeps the English defaults.
import { afterEach, describe, expect, it } from 'vitest';

const { locale } = await import('../../../console/app/i18n');
const state = await import('../../../console/templates/state');

function added() {
  const contents = state.currentItem.value.contents;
  return contents[contents.length - 1] as Record<string, unknown>;
}

describe('addBlock', () => {
  afterEach(() => {
    locale.value = 'en';
  });

  it('names a new block and fills its texts in Thai when the console is in Thai', () => {
    locale.value = 'th';
    state.addBlock('button');
    expect(added().name).toBe('ปุ่ม');
    expect(added().text).toBe('ปุ่ม');
    state.addBlock('imageLeftInfoAndButtonRight');
    expect(added().name).toBe('รูปภาพและข้อมูล');
    expect(added().textTop).toBe('หัวข้อ');
    expect(added().textBtn).toBe('ปุ่ม');
    state.addBlock('textRow');
    expect((added().cells as { text: string }[]).map((c) => c.text)).toEqual(['ข้อความ', 'ข้อความ']);
    state.addBlock('textInRow');
    expect((added().spans as { text: string }[]).map((c) => c.text)).toEqual(['ข้อความ', ' ข้อความ']);
    state.addBlock('labelLeftTop');
    expect(added().text).toBe('ป้าย');
  });

  it('keeps the English defaults in English', () => {
    locale.value = 'en';
    state.addBlock('button');
    expect(added().name).toBe('Button');
    expect(added().text).toBe('Button');
    state.addBlock('textInRow');
    expect((added().spans as { text: string }[]).map((c) => c.text)).toEqual(['Text', ' text']);
  });
});
