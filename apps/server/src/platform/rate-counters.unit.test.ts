import { describe, expect, it } from 'vitest';
import { FakeClock } from './clock.ts';
import { createRateCounters, rateLimitStore } from './rate-counters.ts';
import { memoryStore, type SharedStore } from './shared-store.ts';

/** Two counters on one store stand for two processes; syncs are driven by flush() (syncMs far away). */
function pair(store: SharedStore = memoryStore()) {
  const clock = new FakeClock(1_800_000_000_000);
  const make = () => createRateCounters({ store, clock, syncMs: 3_600_000 });
  return { clock, a: make(), b: make() };
}

describe('rate counters', () => {
  it('local hits count at once in their process and reach the other at its next sync', async () => {
    const { a, b } = pair();
    for (let i = 0; i < 5; i++) a.hitLocal('ip:1', 60_000);
    expect(a.peekLocal('ip:1')).toBe(5);
    expect(b.hitLocal('ip:1', 60_000).count).toBe(1); // B has not heard of A's yet
    await a.flush();
    await b.flush(); // B sends its 1 and learns the total
    expect(b.peekLocal('ip:1')).toBe(6);
    expect(b.hitLocal('ip:1', 60_000).count).toBe(7);
    await a.close();
    await b.close();
  });

  it('a key used here learns the others’ hits with the sync after its last use, then is no longer sent', async () => {
    const store = memoryStore();
    let sent = 0;
    const counting: SharedStore = {
      ...store,
      count: (entries, now) => {
        sent += entries.length;
        return store.count(entries, now);
      },
    };
    const { a, b } = pair(counting);
    b.hitLocal('ip:2', 60_000);
    await b.flush(); // B sends its hit before A has sent anything
    for (let i = 0; i < 4; i++) a.hitLocal('ip:2', 60_000);
    await a.flush();
    expect(b.peekLocal('ip:2')).toBe(1);
    await b.flush(); // no new hit at B: refreshed once all the same
    expect(b.peekLocal('ip:2')).toBe(5);
    sent = 0;
    await b.flush();
    expect(sent).toBe(0);
    await a.close();
    await b.close();
  });

  it('a window ends on time and starts afresh', async () => {
    const { clock, a, b } = pair();
    a.hitLocal('k', 1000);
    await a.flush();
    clock.advance(1000);
    expect(a.peekLocal('k')).toBe(0);
    expect(a.hitLocal('k', 1000).count).toBe(1);
    await a.flush();
    expect(a.peekLocal('k')).toBe(1);
    await a.close();
    await b.close();
  });

  it('exact hits are counted in the store at once, over both', async () => {
    const { a, b } = pair();
    expect((await a.hit('login:1', 60_000)).count).toBe(1);
    expect((await b.hit('login:1', 60_000)).count).toBe(2);
    expect((await a.hit('login:1', 60_000)).count).toBe(3);
    await a.close();
    await b.close();
  });

  it('counts that could not be sent are sent with the next sync', async () => {
    const store = memoryStore();
    let down = true;
    const flaky: SharedStore = {
      ...store,
      count: (entries, now) => (down ? Promise.reject(new Error('down')) : store.count(entries, now)),
    };
    const errors: unknown[] = [];
    const clock = new FakeClock(1_800_000_000_000);
    const a = createRateCounters({ store: flaky, clock, syncMs: 3_600_000, onError: (e) => errors.push(e) });
    a.hitLocal('k', 60_000, 3);
    await a.flush();
    expect(errors).toHaveLength(1);
    expect(a.peekLocal('k')).toBe(3);
    down = false;
    await a.flush();
    expect(await store.peek('k', clock.now().getTime())).toBe(3);
    await a.close();
  });

  it('serves @fastify/rate-limit: the global limit locally, a route’s own limit exactly per route', async () => {
    const { clock, a, b } = pair();
    const GlobalA = rateLimitStore(a, clock);
    const GlobalB = rateLimitStore(b, clock);
    const incr = (store: {
      incr: (k: string, cb: (e: Error | null, r: unknown) => void, w: number) => void;
    }) =>
      new Promise<{ current: number; ttl: number }>((resolve, reject) =>
        store.incr(
          'ip:9',
          (e, r) => (e ? reject(e) : resolve(r as { current: number; ttl: number })),
          60_000,
        ),
      );
    const ga = new GlobalA();
    expect(await incr(ga)).toEqual({ current: 1, ttl: 60_000 });
    const route = { routeInfo: { method: 'POST', url: '/api/login' } };
    const ra = ga.child(route);
    const rb = new GlobalB().child(route);
    expect((await incr(ra)).current).toBe(1);
    expect((await incr(rb)).current).toBe(2);
    // Another route's limit is its own.
    expect((await incr(ga.child({ routeInfo: { method: 'POST', url: '/api/captcha/get' } }))).current).toBe(
      1,
    );
    await a.close();
    await b.close();
  });
});
