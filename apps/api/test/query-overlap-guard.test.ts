import { describe, expect, it } from 'vitest';
import { describeOverlaps, type QueryOverlap, watchQueryOverlaps } from './query-overlap-guard.js';

/** A stand-in for pg's Client: each query settles when the test says so. */
class FakeClient {
  pending: Array<() => void> = [];
  query(text: string, ...rest: unknown[]): unknown {
    const callback = rest.at(-1);
    if (typeof callback === 'function') {
      this.pending.push(() => callback(null, { text }));
      return undefined;
    }
    return new Promise((resolve) => this.pending.push(() => resolve({ text })));
  }
  finishNext(): void {
    this.pending.shift()?.();
  }
}

/** A fresh fake class watched by the guard, and the overlaps it reports. */
function watched() {
  class Client extends FakeClient {}
  const overlaps: QueryOverlap[] = [];
  const restore = watchQueryOverlaps(Client.prototype, (o) => overlaps.push(o));
  return { Client, overlaps, restore };
}

describe('query overlap guard', () => {
  it('reports a query sent while the same client still runs another, with both statements', async () => {
    const { Client, overlaps } = watched();
    const client = new Client();
    const first = client.query('select 1');
    const second = client.query('select 2');
    expect(overlaps).toHaveLength(1);
    expect(overlaps[0]).toMatchObject({ inFlight: ['select 1'], sent: 'select 2' });
    client.finishNext();
    client.finishNext();
    await Promise.all([first, second]);
  });

  it('accepts queries awaited one after the other, and queries on different clients at once', async () => {
    const { Client, overlaps } = watched();
    const client = new Client();
    const first = client.query('select 1');
    client.finishNext();
    await first;
    const second = client.query('select 2');
    client.finishNext();
    await second;
    const other = new Client();
    const a = client.query('select 3');
    const b = other.query('select 4');
    client.finishNext();
    other.finishNext();
    await Promise.all([a, b]);
    expect(overlaps).toEqual([]);
  });

  it('counts a callback-style query (pg-pool) as running until its callback', async () => {
    const { Client, overlaps } = watched();
    const client = new Client();
    const done = new Promise<void>((resolve) => client.query('select 1', [], () => resolve()));
    client.query('select 2', [], () => {});
    expect(overlaps.map((o) => o.sent)).toEqual(['select 2']);
    client.finishNext();
    await done;
    client.finishNext();
    client.query('select 3', [], () => {});
    expect(overlaps).toHaveLength(1);
  });

  it('restores the original method and explains what it found', () => {
    const { Client, restore } = watched();
    const watchedQuery = Client.prototype.query;
    restore();
    expect(Client.prototype.query).not.toBe(watchedQuery);
    expect(Client.prototype.query).toBe(FakeClient.prototype.query);
    const text = describeOverlaps([{ test: 'a test', inFlight: ['select 1'], sent: 'select 2' }]);
    expect(text).toContain('a test');
    expect(text).toContain('in flight: select 1');
    expect(text).toContain('sent:      select 2');
  });
});
