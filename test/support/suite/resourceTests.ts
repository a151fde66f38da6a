/**
 * Every resource of the everything server: static text and binary, the clock, the
 * item template (read, list, complete), and "resource not found".
 *
 * @module
 */
import {
  CLOCK_URI,
  HELLO_TEXT,
  IMAGE_URI,
  ITEM_COUNT,
  ITEM_TEMPLATE,
  itemText,
  itemUri,
  SERVER_TIME_APP_URI,
  TEXT_URI,
  TINY_PNG_BASE64,
  TINY_WAV_BASE64,
  TONE_URI,
} from '@mcpkit/server-everything';
import { beforeEach, expect, it } from 'vitest';
import type { Harness } from '../harness.js';

/** Registers the tests; `connected` is the client the enclosing suite connected. */
export function resourceTests(connected: () => Harness): void {
  let h: Harness;
  beforeEach(() => {
    h = connected();
  });

  it('lists the static resources, then every item of the template', async () => {
    const resources = await h.listResources();
    expect(resources.map((r) => r.uri)).toEqual([
      TEXT_URI,
      IMAGE_URI,
      TONE_URI,
      CLOCK_URI,
      SERVER_TIME_APP_URI,
      ...Array.from({ length: ITEM_COUNT }, (_, i) => itemUri(String(i + 1))),
    ]);
    for (const r of resources) expect(r.title, r.uri).toBeTypeOf('string');
    expect(resources[0]).toMatchObject({
      name: 'hello',
      mimeType: 'text/plain',
      annotations: { audience: ['user', 'assistant'], priority: 0.5 },
    });
  });

  it('lists the item template', async () => {
    expect(await h.listResourceTemplates()).toEqual([
      {
        uriTemplate: ITEM_TEMPLATE,
        name: 'item',
        title: 'Item',
        description: `One of ${String(ITEM_COUNT)} items, by id (1 to ${String(ITEM_COUNT)}).`,
        mimeType: 'application/json',
      },
    ]);
  });

  it('reads the static text resource', async () => {
    expect((await h.readResource(TEXT_URI)).contents).toEqual([{ uri: TEXT_URI, mimeType: 'text/plain', text: HELLO_TEXT }]);
  });

  it('reads the static binary resources', async () => {
    expect((await h.readResource(IMAGE_URI)).contents).toEqual([
      { uri: IMAGE_URI, mimeType: 'image/png', blob: TINY_PNG_BASE64 },
    ]);
    expect((await h.readResource(TONE_URI)).contents).toEqual([{ uri: TONE_URI, mimeType: 'audio/wav', blob: TINY_WAV_BASE64 }]);
  });

  it('reads a templated resource', async () => {
    expect((await h.readResource(itemUri('7'))).contents).toEqual([
      { uri: itemUri('7'), mimeType: 'application/json', text: itemText('7') },
    ]);
    expect(JSON.parse(itemText('7'))).toEqual({
      id: '7',
      name: 'Item 7',
      description: `The item number 7 of ${String(ITEM_COUNT)}`,
    });
  });

  it('refuses an unknown item as "resource not found"', async () => {
    await expect(h.readResource(itemUri('99'))).rejects.toMatchObject({ code: h.resourceNotFoundCode });
  });

  it('completes the template variable', async () => {
    expect(await h.complete({ type: 'ref/resource', uri: ITEM_TEMPLATE }, { name: 'id', value: '1' })).toEqual({
      values: ['1', '10', '11', '12', '13', '14', '15', '16', '17', '18', '19'],
      total: 11,
      hasMore: false,
    });
  });
}
