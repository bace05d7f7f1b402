// When the bot may answer (spec 4 switch mode).
import { describe, expect, it } from 'vitest';
import { botDecision } from '../../../core/automation/handover';

const now = new Date('2026-01-01T10:00:00Z');
const later = new Date('2026-01-01T10:01:00Z');
const earlier = new Date('2026-01-01T09:59:00Z');

describe('botDecision', () => {
  it.each([
    ['bot mode, nobody on it', { mode: 'bot', isAccepted: false, userId: null, countdownUntil: null }, true],
    [
      'bot mode, agent counting down',
      { mode: 'bot', isAccepted: true, userId: 'u', countdownUntil: later },
      false,
    ],
    [
      'bot mode, countdown over (switch mode on)',
      { mode: 'bot', isAccepted: true, userId: 'u', countdownUntil: earlier },
      true,
    ],
    [
      'agent mode, waiting for a person',
      { mode: 'agent', isAccepted: false, userId: null, countdownUntil: null },
      false,
    ],
    [
      'agent mode, agent counting down',
      { mode: 'agent', isAccepted: true, userId: 'u', countdownUntil: later },
      false,
    ],
    [
      'agent mode, agent handed back',
      { mode: 'agent', isAccepted: true, userId: 'u', countdownUntil: null },
      true,
    ],
  ] as const)('%s', (_, state, answer) => {
    expect(botDecision(state, now).answer).toBe(answer);
  });
  it('says when the bot takes an agent chat back', () => {
    expect(
      botDecision({ mode: 'agent', isAccepted: true, userId: 'u', countdownUntil: earlier }, now),
    ).toEqual({
      answer: true,
      backToBot: true,
    });
  });
});
