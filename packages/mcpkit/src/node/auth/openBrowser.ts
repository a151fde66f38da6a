/**
 * Opens a URL in the user's browser where there is one: `open` on macOS,
 * `start` on Windows, `xdg-open` elsewhere when a display exists. Never
 * throws: without a browser the printed URL is the way.
 *
 * @module
 */
import { spawn } from 'node:child_process';

/** True when a browser can plausibly be opened here. */
export function hasBrowser(env: NodeJS.ProcessEnv = process.env): boolean {
  if (process.platform === 'darwin' || process.platform === 'win32') return true;
  return (env['DISPLAY'] ?? '') !== '' || (env['WAYLAND_DISPLAY'] ?? '') !== '' || (env['BROWSER'] ?? '') !== '';
}

/** Tries to open `url`; resolves false when nothing could be started. */
export function openBrowser(url: string, env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  const browser = env['BROWSER'];
  const [command, args] =
    browser !== undefined && browser !== ''
      ? [browser, [url]]
      : process.platform === 'darwin'
        ? ['open', [url]]
        : process.platform === 'win32'
          ? ['cmd', ['/c', 'start', '""', url.replace(/&/g, '^&')]]
          : ['xdg-open', [url]];
  return new Promise((resolve) => {
    try {
      const child = spawn(command, args, { stdio: 'ignore', detached: true });
      child.once('error', () => {
        resolve(false);
      });
      child.once('spawn', () => {
        child.unref();
        resolve(true);
      });
    } catch {
      resolve(false);
    }
  });
}
