import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createConnectionGate } from '../src/connection-gate.js';

/** A first connect that is under way until `connect()`. */
function connectingLater() {
  let connect: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    connect = resolve;
  });
  return { ready, connect };
}

describe('the gate on the first connection', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps nothing of the waits that gave up, however many there were', async () => {
    const { ready } = connectingLater();
    const gate = createConnectionGate(ready);
    const waits = Array.from({ length: 1_000 }, () => gate.wait(50));
    expect(gate.waiting).toBe(1_000);
    await vi.advanceTimersByTimeAsync(50);
    expect(await Promise.all(waits)).toEqual(Array(1_000).fill(false));
    expect(gate.waiting).toBe(0);
  });

  it('lets a pending wait through when the connection is made, and every later one at once', async () => {
    const { ready, connect } = connectingLater();
    const gate = createConnectionGate(ready);
    const pending = gate.wait(50);
    connect();
    expect(await pending).toBe(true);
    expect(gate.open).toBe(true);
    expect(gate.waiting).toBe(0);
    expect(await gate.wait(50)).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });
});
