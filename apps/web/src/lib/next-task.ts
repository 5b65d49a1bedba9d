/**
 * Resolves in a new task of the browser's event loop: work after it runs apart from the work
 * before, with a chance for the browser to paint and handle input in between. A message, not a
 * timer: nested timers are clamped to 4 ms and more in a background tab.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}
