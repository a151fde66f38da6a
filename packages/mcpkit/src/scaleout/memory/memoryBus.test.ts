import { describe, expect, it } from 'vitest';
import { MemoryBus } from './memoryBus.js';

const turn = (): Promise<void> => new Promise((r) => setTimeout(r, 0));

describe('MemoryBus', () => {
  it('delivers on a later turn, to every listener of the channel only', async () => {
    const bus = new MemoryBus();
    const heard: string[] = [];
    await bus.subscribe('a', (m) => heard.push(`1:${m}`));
    await bus.subscribe('a', (m) => heard.push(`2:${m}`));
    await bus.subscribe('b', (m) => heard.push(`b:${m}`));
    const published = bus.publish('a', 'x');
    expect(heard).toEqual([]);
    await published;
    await turn();
    expect(heard).toEqual(['1:x', '2:x']);
  });

  it('forgets a listener once unsubscribed, and the channel with its last one', async () => {
    const bus = new MemoryBus();
    const heard: string[] = [];
    const off = await bus.subscribe('a', (m) => heard.push(m));
    off();
    off();
    await bus.publish('a', 'x');
    await turn();
    expect(heard).toEqual([]);
    // A new subscription after the channel was dropped works as the first did.
    await bus.subscribe('a', (m) => heard.push(m));
    await bus.publish('a', 'y');
    await turn();
    expect(heard).toEqual(['y']);
  });
});
