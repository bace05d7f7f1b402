// What a tap on a card, a menu button or a quick reply does in the widget.
import type { Controller } from './controller';
import { openLink } from './links';

export interface TapAction {
  type: string;
  text?: string;
  uri?: string;
  data?: string;
  displayText?: string;
  label?: string;
}

export type OnAction = (action: TapAction, ids?: { menuId?: string; menuButtonId?: string }) => void;

export function actionRunner(controller: Controller): OnAction {
  return (action, ids = {}) => {
    if (action.type === 'uri' || action.type === 'tel') openLink(action.uri);
    else if (action.type === 'postback' && action.data)
      void controller.postback(action.data, { ...ids, displayText: action.displayText });
    else {
      const text = (action.text ?? action.label ?? '').trim();
      if (text) void controller.send(text, ids);
    }
  };
}
