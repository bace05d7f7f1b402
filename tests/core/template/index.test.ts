// core/template/index.ts: the one import the editor, server and widget use.
import { expect, it } from 'vitest';
import * as template from '../../../core/template';

it('exposes the converters, validator, limits and models', () => {
  for (const name of [
    'toFlexMessage',
    'toImagemapMessage',
    'toMessengerMessage',
    'toWidgetCards',
    'toWeChatMessages',
    'toLineFileMessage',
    'toLineQuickReply',
    'toMetaQuickReplies',
    'validateTemplate',
    'validateAction',
    'checkLineMessage',
    'checkLineMessages',
    'createBlock',
    'createTemplate',
    'createImagemap',
    'LINE_LIMITS',
    'META_LIMITS',
  ]) {
    expect(template, name).toHaveProperty(name);
  }
});
