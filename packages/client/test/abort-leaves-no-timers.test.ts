import { emulatorCredentials, useEmulator } from '@admin-api/emulator/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AbortedError, createAdminClient, createPacer, type SetTimer } from '../src/index.js';
import { clientFor, rejection, tooMany } from './client-fixture.js';
import { GetMe } from './documents.js';

const emulator = useEmulator({ afterAll, beforeAll, beforeEach });

/**
 * A real timer that counts the timers still pending, and runs `onLong` when one of at least
 * `longMs` is set: the moment a call starts a long wait.
 */
function countingTimer(longMs: number, onLong: () => void) {
  let live = 0;
  const setTimer: SetTimer = (callback, delayMs) => {
    live++;
    let pending = true;
    const settle = () => {
      if (pending) live--;
      pending = false;
    };
    const timer = setTimeout(() => {
      settle();
      callback();
    }, delayMs);
    if (delayMs >= longMs) queueMicrotask(onLong);
    return () => {
      settle();
      clearTimeout(timer);
    };
  };
  return {
    setTimer,
    get live() {
      return live;
    },
  };
}

describe('an aborted wait leaves no timer behind', () => {
  it('a call aborted while waiting for a pacing slot leaves no pacer timer pending', async () => {
    const controller = new AbortController();
    const timers = countingTimer(1_000, () => controller.abort());
    const client = clientFor(emulator(), {
      rateLimit: { limit: 1, windowMs: 60_000 },
      setTimer: timers.setTimer,
    });
    await client.request(GetMe);
    const error = await rejection(client.request(GetMe, {}, { signal: controller.signal }));
    expect(error).toBeInstanceOf(AbortedError);
    expect(timers.live).toBe(0);
  });

  it('a call aborted during the pause after a 429 leaves no pacer timer pending', async () => {
    emulator().faults.graphql.push(tooMany('30'));
    const controller = new AbortController();
    const timers = countingTimer(1_000, () => controller.abort());
    const client = clientFor(emulator(), {
      rateLimit: { limit: 50, windowMs: 10_000 },
      setTimer: timers.setTimer,
    });
    const error = await rejection(client.request(GetMe, {}, { signal: controller.signal }));
    expect(error).toBeInstanceOf(AbortedError);
    expect(timers.live).toBe(0);
  });

  it('the pacer cancels its timer when the last waiter aborts, and keeps it while others wait', async () => {
    const timers = countingTimer(Number.POSITIVE_INFINITY, () => {});
    const pacer = createPacer({ limit: 1, windowMs: 60_000, setTimer: timers.setTimer });
    (await pacer.acquire())();
    const first = new AbortController();
    const second = new AbortController();
    const waits = [pacer.acquire(first.signal), pacer.acquire(second.signal)].map(rejection);
    expect(timers.live).toBe(1);
    first.abort();
    await waits[0];
    expect(timers.live).toBe(1);
    second.abort();
    await waits[1];
    expect(timers.live).toBe(0);
  });

  it('a limiter that rejects without an abort fails the call with its own error, not AbortedError', async () => {
    const failure = new Error('shared state unreachable');
    const client = createAdminClient({
      ...emulatorCredentials(emulator()),
      rateLimiter: { acquire: () => Promise.reject(failure), pauseFor: () => {} },
    });
    const error = await rejection(
      client.request(GetMe, {}, { signal: new AbortController().signal }),
    );
    expect(error).toBe(failure);
    expect(error).not.toBeInstanceOf(AbortedError);
  });
});
