// Broadcast problems from the server or core (spec 5 texts) in the console's language.
import { TARGET_MESSAGES } from '../../core/broadcast/compose';
import { BROADCAST_ALERTS, BROADCAST_MESSAGES } from '../../core/validation/broadcast';
import { t } from '../app/i18n';
import { problemText } from '../automation/ui';

const KEYS: Record<string, string> = {
  [BROADCAST_MESSAGES.targetReach]: 'targetReach',
  [BROADCAST_MESSAGES.tooManyBubbles]: 'tooManyBubbles',
  [BROADCAST_ALERTS.tag]: 'tag',
  [BROADCAST_ALERTS.dateTime]: 'dateTime',
  [BROADCAST_ALERTS.template]: 'template',
  [BROADCAST_ALERTS.name]: 'name',
  [BROADCAST_ALERTS.file]: 'file',
  [TARGET_MESSAGES.unknownType]: 'unknownType',
  [TARGET_MESSAGES.tooMany]: 'tooManyFilters',
  'There was nobody to send this broadcast to.': 'nobody',
  'This broadcast has started and can no longer be changed.': 'started',
};

export function broadcastProblemText(message: string): string {
  const key = KEYS[message];
  return key ? t(`broadcast.errors.${key}`) : problemText(message);
}
