// Loaded on idle, hover or first open: React and the chat box, as a custom element made with r2wc.
import r2wc from '@r2wc/react-to-web-component';
import type { ChatWidgetElement } from '../index';
import { ChatBox } from './ChatBox';

const TAG = 'chat-widget-box';

if (!customElements.get(TAG)) {
  customElements.define(TAG, r2wc(ChatBox, { shadow: 'open' }));
}

export function mountChatBox(_host: ChatWidgetElement, container: HTMLElement) {
  container.append(document.createElement(TAG));
}
