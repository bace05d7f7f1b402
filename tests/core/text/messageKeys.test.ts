import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UNAUTHORIZED_MESSAGES } from '../../../core/api/client';
import { createI18n } from '../../../core/i18n/index';
import { META_MESSAGES, META_THINGS } from '../../../core/template/messenger';
import {
  allMessageKeys,
  MESSAGE_LISTS,
  MESSAGE_PARAMS,
  messageKey,
  translateMessage,
} from '../../../core/text/messageKeys';
import { SERVER_MESSAGES } from '../../../core/text/serverMessages';
import { MESSAGES } from '../../../core/validation/rules';
import en from '../../../locales/en.json';
import th from '../../../locales/th.json';

const lookup = (dict: Record<string, unknown>, key: string): unknown =>
  key.split('.').reduce<unknown>((at, part) => (at as Record<string, unknown> | undefined)?.[part], dict);
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('every message a user may meet has words in English and Thai', () => {
  it('each message made from values names them, so it can be found again', () => {
    for (const [list, messages] of Object.entries(MESSAGE_LISTS))
      for (const [name, message] of Object.entries(messages))
        if (typeof message === 'function')
          expect(MESSAGE_PARAMS[`${list}.${name}`], `${list}.${name}`).toBeDefined();
  });

  it('each key is in both locales, with the same values in Thai as in English', () => {
    const keys = allMessageKeys();
    expect(keys.length).toBeGreaterThan(200);
    for (const { key, params } of keys) {
      const english = lookup(en, key);
      const thai = lookup(th, key);
      expect(typeof english, key).toBe('string');
      expect(typeof thai, key).toBe('string');
      expect(thai, key).not.toBe(english);
      expect(placeholders(thai as string), key).toEqual(placeholders(english as string));
      expect(placeholders(english as string), key).toEqual(Object.keys(params ?? {}).sort());
    }
  });

  it('finds a message by its text, and the values of one made from values', () => {
    expect(messageKey(MESSAGES.required)).toEqual({ key: 'messages.rules.required' });
    expect(messageKey(SERVER_MESSAGES.takenByOther)).toEqual({ key: 'messages.server.takenByOther' });
    expect(messageKey(MESSAGES.maxLength(300))).toEqual({
      key: 'messages.rules.maxLength',
      params: { n: '300' },
    });
    // "characters here" is the long-text message, not "at most N <things>".
    expect(messageKey(META_MESSAGES.tooLong('Messenger', 80))).toEqual({
      key: 'messages.meta.tooLong',
      params: { channel: 'Messenger', n: '80' },
    });
    expect(messageKey(META_MESSAGES.tooMany('Instagram', 13, 'quick replies'))).toEqual({
      key: 'messages.meta.tooMany',
      params: { channel: 'Instagram', n: '13', what: 'quick replies' },
    });
    expect(messageKey(SERVER_MESSAGES.fieldLocked('Member "gold" level'))).toEqual({
      key: 'messages.server.fieldLocked',
      params: { field: 'Member "gold" level' },
    });
    expect(messageKey(MESSAGES.oneOf('status', ['on', 'off']))).toEqual({
      key: 'messages.rules.oneOf',
      params: { field: 'status', choices: 'on, off' },
    });
    expect(messageKey('Something nobody wrote.')).toBeNull();
  });

  it('reads in Thai with its values in place', () => {
    const { t } = createI18n({ en, th }, 'th');
    const found = messageKey(MESSAGES.maxLength(150));
    expect(t(found?.key ?? '', found?.params)).toBe('กรุณากรอกไม่เกิน 150 ตัวอักษร');
    const taken = messageKey(SERVER_MESSAGES.takenByOther);
    expect(t(taken?.key ?? '')).toBe('แชตนี้ถูกเจ้าหน้าที่คนอื่นรับไปแล้ว');
  });

  it('says in Thai what a Meta card cannot show or holds too many of, with no English inside', () => {
    const { t } = createI18n({ en, th }, 'th');
    expect(translateMessage(META_MESSAGES.cannotShow('Messenger', META_THINGS.textColumns), t)).toBe(
      'Messenger ไม่สามารถแสดง คอลัมน์ข้อความ ได้',
    );
    for (const words of Object.values(META_THINGS)) {
      const text = translateMessage(META_MESSAGES.tooMany('Instagram', 3, words), t) ?? '';
      expect(text).toMatch(/^Instagram รองรับ .+ ได้สูงสุด 3$/);
      expect(text).not.toContain(words);
    }
    const english = createI18n({ en, th }, 'en').t;
    expect(translateMessage(META_MESSAGES.cannotShow('Instagram', META_THINGS.callButtons), english)).toBe(
      'Instagram cannot show call buttons.',
    );
  });

  it('a message holding another is the outer one, the inner translated in turn (a delivery reason)', () => {
    const { t } = createI18n({ en, th }, 'th');
    // Our refusal of a card, around Meta's rule: Thai through and through, the field path as written.
    const card = SERVER_MESSAGES.cannotTakeMessage(
      'Messenger',
      `messages[0].json: ${META_MESSAGES.cannotShow('Messenger', META_THINGS.textColumns)}`,
    );
    expect(messageKey(card)?.key).toBe('messages.server.cannotTakeMessage');
    expect(translateMessage(card, t)).toBe(
      'Messenger รับข้อความนี้ไม่ได้: messages[0].json: Messenger ไม่สามารถแสดง คอลัมน์ข้อความ ได้',
    );
    // The platform's own words that happen to read like one of ours stay its words.
    const answered = SERVER_MESSAGES.platformAnswered('Facebook', 400, 'This page cannot show videos.');
    expect(messageKey(answered)).toEqual({
      key: 'messages.server.platformAnswered',
      params: { platform: 'Facebook', status: '400', detail: 'This page cannot show videos.' },
    });
  });
});

describe("the server's refusals", () => {
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
    });
  // A sentence written in a refusal: `new NotFound('This … .')`, `message: 'Too many …'`.
  const REFUSAL = /(?:new [A-Z]\w*\(\s*(?:(?:'[^']*'|`[^`]*`|[\w.]+)\s*,\s*)?|message:\s*)'([A-Z][^']{6,})'/g;

  // 401's words are not shown: the console signs out (spec 8).
  const signsOut = new Set<string>(UNAUTHORIZED_MESSAGES);

  it('are found in the source in each of the shapes they are written', () => {
    const found = (source: string) => [...source.matchAll(REFUSAL)].map((m) => m[1]);
    expect(found("throw new NotFound('This x does not exist.');")).toEqual(['This x does not exist.']);
    expect(found("throw new Invalid('name', 'A name is needed.');")).toEqual(['A name is needed.']);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: source text holding a template string
    expect(found("new Invalid(`items[${i}]`, 'Not this one.')")).toEqual(['Not this one.']);
    expect(found("errors.push({ field: 'a', message: 'Too many things.' })")).toEqual(['Too many things.']);
  });

  it('are written in core, so each has words in the user language', () => {
    const unknown: string[] = [];
    for (const file of files(join(__dirname, '../../../server'))) {
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(REFUSAL)) {
        if (!messageKey(match[1]) && !signsOut.has(match[1])) unknown.push(`${file}: ${match[1]}`);
      }
    }
    expect(unknown).toEqual([]);
  });
});
