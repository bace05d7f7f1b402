// Loaded on idle, hover or first open: React and the chat box, as a custom element made with r2wc,
// plus the conversation controller that keeps the launcher's unread badge up to date.
import r2wc from '@r2wc/react-to-web-component';
import type { ChatWidgetElement } from '../index';
import { ChatBox } from './ChatBox';
import { controllerOf } from './controller';
import { loadLocale } from './texts';

const TAG = 'chat-widget-box';

if (!customElements.get(TAG)) {
  customElements.define(TAG, r2wc(ChatBox, { shadow: 'open' }));
}

export function attach(host: ChatWidgetElement) {
  controllerOf(host).start();
  void loadLocale(host.locale).catch(() => {});
}

/** Resolves when the box can be drawn in the visitor's language (Thai is a chunk of its own). */
export function ready(host: ChatWidgetElement): Promise<void> {
  return loadLocale(host.locale).catch(() => {});
}

export function mountChatBox(_host: ChatWidgetElement, container: HTMLElement) {
  container.append(document.createElement(TAG));
}
