import { describe, expect, it } from 'vitest';
import { modelContent } from './toolResult.js';

describe('tool results for the model', () => {
  it('keep text and images, describe audio and links, inline text resources', () => {
    const blocks = modelContent({
      content: [
        { type: 'text', text: 'hello' },
        { type: 'image', data: 'AAAA', mimeType: 'image/png' },
        { type: 'audio', data: 'AAAAAAAA', mimeType: 'audio/wav' },
        { type: 'resource_link', uri: 'file:///a.txt', name: 'a.txt', mimeType: 'text/plain' },
        { type: 'resource', resource: { uri: 'mem://n', text: 'note' } },
        { type: 'resource', resource: { uri: 'mem://b', blob: 'AAAA', mimeType: 'application/zip' } },
      ],
    });
    expect(blocks).toEqual([
      { type: 'text', text: 'hello' },
      { type: 'image', data: 'AAAA', mimeType: 'image/png' },
      { type: 'text', text: '[audio: audio/wav, 6 B; audio is not passed to the model]' },
      { type: 'text', text: '[resource link: file:///a.txt (a.txt, text/plain)]' },
      { type: 'text', text: '[resource mem://n]\nnote' },
      { type: 'text', text: '[binary resource mem://b: application/zip, 3 B]' },
    ]);
  });

  it('give structured content as JSON when no text carries it', () => {
    expect(modelContent({ content: [], structuredContent: { sum: 3 } })).toEqual([{ type: 'text', text: '{"sum":3}' }]);
    expect(modelContent({ content: [{ type: 'text', text: '3' }], structuredContent: { sum: 3 } })).toEqual([
      { type: 'text', text: '3' },
    ]);
    expect(modelContent({ content: [] })).toEqual([{ type: 'text', text: '(the tool returned no content)' }]);
  });

  it('are cut to the budget with a note to the model', () => {
    const blocks = modelContent(
      {
        content: [
          { type: 'text', text: 'a'.repeat(80) },
          { type: 'text', text: 'b'.repeat(80) },
          { type: 'image', data: 'x'.repeat(50), mimeType: 'image/png' },
        ],
      },
      { maxTextChars: 100, maxImageChars: 10 },
    );
    expect(blocks).toEqual([
      { type: 'text', text: 'a'.repeat(80) },
      { type: 'text', text: 'b'.repeat(20) },
      {
        type: 'text',
        text: "[Result cut: 100 of 160 characters of text are shown; the rest was cut to fit the host's result budget; 1 image(s) were left out to fit the host's result budget.]",
      },
    ]);
  });
});
