// elicit_form checks the answer against the form it asked (elicitation.mdx:
// servers SHOULD validate what they receive): an accepted answer that breaks
// requestedSchema is a tool error naming the field, in both eras, never an
// "accept" passed on as valid. The raw peer plays a client that does not check.
import { describe, expect, it } from 'vitest';
import { meta2026 } from '../../../packages/mcpkit/test/rawClient.js';
import { CAPS, FORM, handshakePeer, statelessPeer, type Json } from './rawPeer.js';

const INVALID: readonly { readonly what: string; readonly content: Json; readonly field: string }[] = [
  { what: 'an age over its maximum', content: { ...FORM, age: 999 }, field: '/age' },
  { what: 'a string where a list is asked', content: { ...FORM, toppings: 'cheese' }, field: '/toppings' },
  { what: 'an invalid email', content: { ...FORM, email: 'not-an-email' }, field: '/email' },
  { what: 'a required field left out', content: { name: 'Ada' }, field: 'email' },
];

const textOf = (result: Json): string => (result['content'] as { text: string }[]).map((b) => b.text).join('\n');

describe('elicit_form refuses answers that break its form', () => {
  for (const { what, content, field } of INVALID) {
    it(`handshake era: ${what}`, async () => {
      const peer = await handshakePeer('2025-11-25');
      peer.onRequest = () => ({ action: 'accept', content });
      const result = (await peer.request('tools/call', { name: 'elicit_form' })) as Json;
      expect(result['isError']).toBe(true);
      expect(textOf(result)).toMatch(/does not match what it asked/);
      expect(textOf(result)).toContain(field);
      await peer.close();
    });

    it(`stateless era: ${what}`, async () => {
      const peer = await statelessPeer();
      const first = (await peer.request('tools/call', { name: 'elicit_form', _meta: meta2026(CAPS) })) as Json;
      expect(first['resultType']).toBe('input_required');
      const keys = Object.keys(first['inputRequests'] as Json);
      const result = (await peer.request('tools/call', {
        name: 'elicit_form',
        inputResponses: Object.fromEntries(keys.map((k) => [k, { action: 'accept', content }])),
        requestState: first['requestState'],
        _meta: meta2026(CAPS),
      })) as Json;
      expect(result['isError']).toBe(true);
      expect(textOf(result)).toContain(field);
      await peer.close();
    });
  }

  it('accepts an answer that fits, and passes decline and cancel through', async () => {
    const peer = await handshakePeer('2025-11-25');
    for (const reply of [
      { action: 'accept', content: { ...FORM, age: 150, toppings: ['olives'] } },
      { action: 'decline' },
      { action: 'cancel' },
    ]) {
      peer.onRequest = () => reply;
      const result = (await peer.request('tools/call', { name: 'elicit_form' })) as Json;
      expect(result['isError']).toBeUndefined();
      expect(textOf(result)).toContain(`action=${reply.action}`);
    }
    await peer.close();
  });
});
