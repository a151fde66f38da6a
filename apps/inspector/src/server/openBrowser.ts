/**
 * Opens a URL in the desktop's browser, where there is one: `open` on macOS,
 * `start` on Windows, `xdg-open` on a Linux desktop (one with a display).
 * Returns false when there is none; a failure to start it is ignored (the
 * URL is printed anyway).
 *
 * @module
 */
import { spawn } from 'node:child_process';

/** Tries to open `url`; true if a browser was asked to. */
export function openBrowser(url: string): boolean {
  let command: string;
  let args: string[];
  if (process.platform === 'darwin') [command, args] = ['open', [url]];
  else if (process.platform === 'win32') [command, args] = ['cmd', ['/c', 'start', '', url]];
  else if (process.env['DISPLAY'] !== undefined || process.env['WAYLAND_DISPLAY'] !== undefined)
    [command, args] = ['xdg-open', [url]];
  else return false;
  try {
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    child.on('error', () => undefined);
    child.unref();
    return true;
  } catch {
    return false;
  }
}
