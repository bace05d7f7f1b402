// When the bot may answer a conversation (spec 4 switch mode; console: "Switch mode is on: the bot
// answers until an agent replies"). A conversation is in bot mode or agent mode (followers.mode):
// - bot mode: the bot answers unless an agent holds the chat — accepted, with the switch-mode
//   countdown still running (take, accept and "set" start it; at 0 switch mode is on again);
// - agent mode (the customer asked for a person): the bot stays quiet while the chat waits for an
//   agent; once an agent has accepted it and the countdown has run out, the bot is back.
// A new conversation (new live chat) starts in bot mode when the account has automatic answers.

export interface HandoverState {
  mode: 'bot' | 'agent';
  /** The open live chat's state. */
  isAccepted: boolean;
  userId: string | null;
  /** When the switch-mode countdown ends; null when none runs. */
  countdownUntil: Date | null;
}

export function agentHolds(state: HandoverState, now: Date): boolean {
  return (
    state.isAccepted &&
    state.userId !== null &&
    state.countdownUntil !== null &&
    state.countdownUntil.getTime() > now.getTime()
  );
}

export type BotDecision = { answer: true; backToBot: boolean } | { answer: false; reason: string };

export function botDecision(state: HandoverState, now: Date): BotDecision {
  if (agentHolds(state, now)) return { answer: false, reason: 'agent' };
  if (state.mode === 'bot') return { answer: true, backToBot: false };
  // Agent mode: waiting for a person, unless one took it and let the countdown run out.
  if (state.isAccepted && state.userId !== null) return { answer: true, backToBot: true };
  return { answer: false, reason: 'waiting' };
}
