import { describe, expect, it } from 'vitest';
import { createFleetRateLimiter } from '../src/fleet-rate-limiter.js';
import { scriptedBudget, switchedHealth } from './limiter-fakes.js';
import { createManualTime, turns } from './limiter-time.js';

const LIMIT = 10;
const WINDOW_MS = 1_000;
const PROBE_MS = 50;

/** A limiter on a scripted budget and the test's clock, with what it reports. */
function limiterOnScriptedBudget(fallbackShare = 0.5) {
  const time = createManualTime();
  const { budget, state, contexts } = scriptedBudget(time.now, LIMIT, WINDOW_MS);
  const { health, set } = switchedHealth();
  const reports: string[] = [];
  const limiter = createFleetRateLimiter({
    health,
    budget,
    fallbackShare,
    probeIntervalMs: PROBE_MS,
    onOtherBudgets: () => {},
    onKeysLost: (holdMs) => reports.push(`lost, holding ${holdMs} ms`),
    onKeysLostHoldEnd: (heldForMs) => reports.push(`held for ${heldForMs} ms`),
    monotonicNow: time.now,
    setTimer: time.setTimer,
  });
  const granted: (() => void)[] = [];
  const take = (count: number) => {
    for (let i = 0; i < count; i++) void limiter.acquire().then((release) => granted.push(release));
  };
  return { time, state, contexts, limiter, setDegraded: set, reports, granted, take };
}

describe('a fleet told by Redis that it lost the budget', () => {
  it('says so once, takes no slot until the hold ends, then takes from the shared budget again and says that too', async () => {
    const { time, state, limiter, reports, granted, take } = limiterOnScriptedBudget();
    state.holdUntil = 1_200;
    take(3);
    await turns();
    expect(reports).toEqual(['lost, holding 1200 ms']);
    expect(limiter.holding).toBe(true);

    time.advance(1_199);
    await turns();
    expect(granted).toHaveLength(0);

    time.advance(1);
    await turns();
    expect(granted).toHaveLength(3);
    expect(reports).toEqual(['lost, holding 1200 ms', 'held for 1200 ms']);
    expect(limiter.holding).toBe(false);
    // Straight back to the shared budget, not to the fallback's share: the whole window is open.
    take(LIMIT - 3);
    await turns();
    expect(granted).toHaveLength(LIMIT);
  });

  it('a hold another process lengthens keeps the one report, and ends once', async () => {
    const { time, state, reports, granted, take } = limiterOnScriptedBudget();
    state.holdUntil = 500;
    take(1);
    await turns();
    state.holdUntil = 2_000;
    time.advance(500);
    await turns();
    expect(granted).toHaveLength(0);
    time.advance(1_500);
    await turns();
    expect(granted).toHaveLength(1);
    expect(reports).toEqual(['lost, holding 500 ms', 'held for 2000 ms']);
  });

  it('vouches for the generation it saw only on the shared budget, and only while the keys cannot have expired', async () => {
    const { time, state, contexts, take, granted, setDegraded } = limiterOnScriptedBudget();
    take(1);
    await turns();
    // Nothing seen yet.
    expect(contexts.at(-1)?.knownGeneration).toBeUndefined();
    take(1);
    await turns();
    expect(contexts.at(-1)?.knownGeneration).toBe('g1');

    // Longer ago than the keys outlive an acquisition: they may have expired, nothing to vouch.
    time.advance(WINDOW_MS + 60_000);
    take(1);
    await turns();
    expect(contexts.at(-1)?.knownGeneration).toBeUndefined();

    // A fallback and the recovery after it go on from whatever Redis has.
    setDegraded(true);
    setDegraded(false);
    state.generation = 'g2';
    for (const release of granted) release();
    time.advance(WINDOW_MS + 1);
    take(1);
    await turns();
    time.advance(WINDOW_MS);
    await turns();
    expect(contexts.at(-1)?.knownGeneration).toBeUndefined();
  });

  it('reports how long its own shared requests may still count: what is left of a window after the last answer, a window and its slowest request while one is in flight', async () => {
    const { time, contexts, take, granted } = limiterOnScriptedBudget();
    take(1);
    await turns();
    time.advance(300);
    take(1);
    await turns();
    // One in flight, none answered yet.
    expect(contexts.at(-1)?.pendingMs).toBe(WINDOW_MS);
    for (const release of granted.splice(0)) release();
    time.advance(400);
    take(1);
    await turns();
    // Both answered 400 ms ago, the slower after 300 ms.
    expect(contexts.at(-1)).toMatchObject({ slowestMs: 300, pendingMs: WINDOW_MS - 400 });
    take(1);
    await turns();
    expect(contexts.at(-1)?.pendingMs).toBe(WINDOW_MS + 300);
  });

  it('a closed fleet forgets its hold without a word', async () => {
    const { state, limiter, reports, take, time } = limiterOnScriptedBudget();
    state.holdUntil = 1_000;
    take(1);
    await turns();
    limiter.close();
    time.advance(1_000);
    await turns();
    expect(limiter.holding).toBe(false);
    expect(reports).toEqual(['lost, holding 1000 ms']);
  });
});
