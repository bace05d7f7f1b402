// The <chat-widget> element as the box's controller sees it, for controller tests without a page.
import type { ChatWidgetElement } from '../../widget-element/index';

export function fakeHost(): ChatWidgetElement {
  return Object.assign(new EventTarget(), {
    server: 'http://widget.test',
    widgetId: 'w1',
    user: {},
    locale: 'en',
    isOpen: true,
    storeKey: (name: string) => `chat-widget:w1:${name}`,
    setUnread() {},
  }) as unknown as ChatWidgetElement;
}
