import { create, is } from 'superstruct';
import { describe, expect, it } from 'vitest';
import {
  FACEBOOK_MESSAGE_TYPES,
  WIDGET_DEFAULTS,
  WidgetInfo,
  WidgetMessage,
  WidgetWebhookEvent,
} from '../../../core/models/widget';

describe('spec 3, 9: widget', () => {
  it('spec 9: default colours and label', () => {
    expect(WIDGET_DEFAULTS).toEqual({
      button_color: '#000000ff',
      label_color: '#59c7f9ff',
      button_label: 'Chat',
    });
    const info = create({}, WidgetInfo);
    expect(info).toMatchObject({
      button_color: '#000000ff',
      label_color: '#59c7f9ff',
      button_label: 'Chat',
      pre_chat_form_fields: [],
    });
  });
  it('menu: menuId, menuLabel, isQuickStart, buttons', () => {
    const info = create(
      { menu: { menuId: 'm', menuLabel: 'Menu', buttons: [{ id: 'b', label: 'Hi' }] } },
      WidgetInfo,
    );
    expect(info.menu).toMatchObject({
      isQuickStart: false,
      buttons: [{ id: 'b', label: 'Hi', type: 'message' }],
    });
  });
  it('spec 3: widget message types text, image, video, file', () => {
    for (const type of ['text', 'image', 'video', 'file'])
      expect(is(create({ id: '1', type, timestamp: 1, message: 'x' }, WidgetMessage), WidgetMessage)).toBe(
        true,
      );
    expect(() => create({ id: '1', type: 'sticker', timestamp: 1, message: 'x' }, WidgetMessage)).toThrow();
  });
  it('spec 7: webhook event', () => {
    const event = create(
      {
        id: 'e',
        source: { type: 'widget', userId: 'v' },
        timestamp: 1,
        type: 'postback',
        postback: { data: 'x' },
        menuId: 'm',
      },
      WidgetWebhookEvent,
    );
    expect(event.sess_expired).toBe(false);
    expect(() => create({ ...event, type: 'follow' }, WidgetWebhookEvent)).toThrow();
    expect(() => create({ ...event, unknown: 1 }, WidgetWebhookEvent)).toThrow();
  });
  it('spec 3: Facebook message types', () => {
    expect(FACEBOOK_MESSAGE_TYPES).toEqual(['text_and_button', 'generic_template', 'media', 'file']);
  });
});
