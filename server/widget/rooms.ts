// Rooms of the /widget namespace besides the chat core's visitorRoom(followerId).
/** Every tab of one visitor session (before the first message there is no follower yet). */
export const sessionRoom = (sessionId: string) => `widget-session:${sessionId}`;
/** Every open widget of one widget channel, for settings updates. */
export const widgetRoom = (widgetId: string) => `widget:${widgetId}`;
