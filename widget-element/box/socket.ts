// The widget's socket as a chunk of its own (socket.io-client with it), loaded by the controller
// once the visitor has a conversation: core's factory (spec 7 options) and its SOCKET_ actions.
export { bindWidgetSocketActions } from '../../core/realtime/socketActions';
export { createWidgetSocket } from '../../core/realtime/widgetSocket';
