/**
 * Small helpers of the everything suite.
 *
 * @module
 */

/** A text content block. */
export const text = (t: string): { type: 'text'; text: string } => ({ type: 'text', text: t });

/** Polls `check` until it holds, or fails after `timeoutMs`. */
export async function waitFor(check: () => boolean, what: string, timeoutMs = 3000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Every tool, in the order `tools/list` gives them. */
export const TOOL_NAMES = [
  'echo',
  'add',
  'get_weather',
  'long_running_operation',
  'sample_llm',
  'elicit_form',
  'elicit_url',
  'list_roots',
  'get_image',
  'get_audio',
  'get_resource_links',
  'get_embedded_resource',
  'annotated_message',
  'always_fails',
  'log_messages',
  'touch_clock',
  'reset_clock',
  'show_server_time',
  'get_server_time',
] as const;

/** Every prompt, in order. */
export const PROMPT_NAMES = ['simple_prompt', 'args_prompt', 'resource_prompt', 'image_prompt'] as const;
