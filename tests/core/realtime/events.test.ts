import { describe, expect, it } from 'vitest';
import {
  AGENT_CLIENT_EVENTS,
  AGENT_NAMESPACE,
  AGENT_SERVER_EVENTS,
  WIDGET_NAMESPACE,
  WIDGET_SERVER_EVENTS,
} from '../../../core/realtime/events';

describe('spec 7: live channel events', () => {
  it('namespaces', () => {
    expect(AGENT_NAMESPACE).toBe('/agent');
    expect(WIDGET_NAMESPACE).toBe('/widget');
  });
  it('sent: JOIN_CHAT and LEAVE_CHAT', () => {
    expect(Object.values(AGENT_CLIENT_EVENTS)).toEqual(['JOIN_CHAT', 'LEAVE_CHAT']);
  });
  it('received: one SCREAMING_SNAKE name per spec event, plus delivery status and presence', () => {
    expect(Object.values(AGENT_SERVER_EVENTS)).toEqual([
      'ADD_CHAT',
      'GET_CHAT',
      'FETCH_FOLLOWERS',
      'NOTES',
      'FOLLOWER_PROFILE_UPDATE',
      'CLOSE_CHAT',
      'MISSED_CHAT',
      'EXTEND_CHAT_TIME',
      'START_CHAT',
      'CONTACT_FIELD_UPDATE',
      'INTEGRATION_UPDATE',
      'MESSAGE_STATUS',
      'AGENT_PRESENCE',
    ]);
    for (const [key, value] of Object.entries({ ...AGENT_SERVER_EVENTS, ...WIDGET_SERVER_EVENTS })) {
      expect(value).toBe(key);
      expect(value).toMatch(/^[A-Z]+(?:_[A-Z]+)*$/);
    }
  });
});
