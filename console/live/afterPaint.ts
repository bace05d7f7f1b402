// The moment after the next frame is painted: an animation frame runs just before the paint, and
// the task after it runs once the frame is out.

/** Resolves after the next painted frame; at once in a hidden tab, which paints no frames. */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame === 'undefined' || document.hidden) return resolve();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      channel.port2.postMessage(null);
    });
  });
}
