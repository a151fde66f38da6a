/**
 * The bridge's port to an app frame: `postMessage` to the frame's window,
 * and only messages whose source is that window. The frame's origin is
 * opaque (sandboxed without `allow-same-origin`), so messages go to `*`; the
 * app view closes the bridge if the frame ever loads another document, so
 * nothing goes to a page the frame navigated to.
 *
 * @module
 */
import type { AppPort } from 'mcpkit/host/apps';

/** A port to `frame`'s window. */
export function framePort(frame: HTMLIFrameElement): AppPort {
  return {
    post(message) {
      frame.contentWindow?.postMessage(message, '*');
    },
    onMessage(listener) {
      const receive = (event: MessageEvent): void => {
        if (event.source !== null && event.source === frame.contentWindow) listener(event.data);
      };
      window.addEventListener('message', receive);
      return () => {
        window.removeEventListener('message', receive);
      };
    },
  };
}
