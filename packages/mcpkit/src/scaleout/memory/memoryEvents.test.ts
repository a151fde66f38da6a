import { describe, expect, it } from 'vitest';
import { MemoryBus } from './memoryBus.js';
import { MemoryEvents } from './memoryEvents.js';

describe('MemoryEvents', () => {
  it('numbers the events of a stream, or keeps the number given, and reads after a number', async () => {
    const events = new MemoryEvents(new MemoryBus(), 10);
    expect(await events.append('s', '0', { data: 'a' })).toBe(1);
    expect(await events.append('s', '0', { data: 'b' })).toBe(2);
    expect(await events.append('s', 'n.1', { seq: 5, data: 'c', pending: [1] })).toBe(5);
    expect(await events.append('s', 'n.1', { data: 'd' })).toBe(6);
    expect(await events.after('s', '0', 1)).toEqual([{ seq: 2, data: 'b' }]);
    expect(await events.after('s', 'n.1', 0)).toEqual([
      { seq: 5, data: 'c', pending: [1] },
      { seq: 6, data: 'd' },
    ]);
    expect(await events.after('t', '0', 0)).toEqual([]);
  });

  it('keeps the newest events of each stream only', async () => {
    const events = new MemoryEvents(new MemoryBus(), 2);
    for (const data of ['a', 'b', 'c']) await events.append('s', '0', { data });
    expect((await events.after('s', '0', 0)).map((e) => e.data)).toEqual(['b', 'c']);
  });

  it('appends a once-key once per session, and forgets it with the session', async () => {
    const events = new MemoryEvents(new MemoryBus(), 10);
    expect(await events.append('s', '0', { data: 'a' }, 'tag')).toBe(1);
    expect(await events.append('s', '0', { data: 'a' }, 'tag')).toBeUndefined();
    expect(await events.append('t', '0', { data: 'a' }, 'tag')).toBe(1);
    events.drop('s');
    expect(await events.after('s', '0', 0)).toEqual([]);
    expect(await events.append('s', '0', { data: 'a' }, 'tag')).toBe(1);
  });

  it('tells the followers of a session of each append, with its stream, and nothing after they leave', async () => {
    const events = new MemoryEvents(new MemoryBus(), 10);
    const heard: string[] = [];
    const off = await events.follow('s', (stream, event) => heard.push(`${stream}:${String(event.seq)}:${event.data}`));
    await events.follow('t', (stream) => heard.push(`other:${stream}`));
    await events.append('s', '0', { data: 'a' });
    await events.append('s', 'n.1', { seq: 3, data: 'b' });
    await expect.poll(() => heard).toEqual(['0:1:a', 'n.1:3:b']);
    off();
    await events.append('s', '0', { data: 'c' });
    await new Promise((r) => setTimeout(r, 10));
    expect(heard).toEqual(['0:1:a', 'n.1:3:b']);
  });
});
