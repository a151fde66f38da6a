import { describe, expect, it } from 'vitest';
import { FakeTransport } from '../../test/support/fakeTransport.js';
import { AnswerApart } from './answerApart.js';

const progress = { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 't', progress: 1 } } as const;
const answer = (id: number) => ({ jsonrpc: '2.0', id, result: {} }) as const;

describe('AnswerApart', () => {
  it('sends an answer a moment after a notification of its own request from the same turn', async () => {
    const inner = new FakeTransport();
    const host = new AnswerApart(inner);
    void host.send(progress, { relatedRequestId: 1 });
    const sent = host.send(answer(1), { relatedRequestId: 1 });
    void host.send(answer(2), { relatedRequestId: 2 });
    expect(inner.messages).toEqual([progress, answer(2)]);
    await sent;
    expect(inner.messages).toEqual([progress, answer(2), answer(1)]);
  });

  it('sends at once an answer whose notifications went out in an earlier turn', async () => {
    const inner = new FakeTransport();
    const host = new AnswerApart(inner);
    void host.send(progress, { relatedRequestId: 1 });
    await new Promise((resolve) => setImmediate(resolve));
    void host.send(answer(1), { relatedRequestId: 1 });
    expect(inner.messages).toEqual([progress, answer(1)]);
  });
});
