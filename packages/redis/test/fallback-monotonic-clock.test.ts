import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFleetRateLimiter } from '../src/fleet-rate-limiter.js';
import { scriptedBudget, switchedHealth } from './limiter-fakes.js';
import { createManualTime, turns } from './limiter-time.js';

const LIMIT = 10;
const WINDOW_MS = 1_000;

/** A limiter whose Redis is unreachable from the start: every slot comes from its fallback. */
function fallbackOnly(windowMs: number, time?: ReturnType<typeof createManualTime>) {
  const { budget } = scriptedBudget(time?.now ?? (() => performance.now()), LIMIT, windowMs);
  const limiter = createFleetRateLimiter({
    health: switchedHealth(true).health,
    budget,
    // The whole budget, so that the fallback's pacing is easy to count.
    fallbackShare: 1,
    probeIntervalMs: 50,
    onOtherBudgets: () => {},
    ...(time ? { monotonicNow: time.now, setTimer: time.setTimer } : {}),
  });
  const granted: (() => void)[] = [];
  const take = (count = 1) =>
    Promise.all(
      Array.from({ length: count }, () =>
        limiter.acquire().then((release) => {
          granted.push(release);
          return release;
        }),
      ),
    );
  return { limiter, granted, take };
}

describe("the fleet's fallback pacer and the wall clock", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('measures every wait on the monotonic clock: the wall clock stepped forward releases nothing early, stepped back holds nothing longer', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const time = createManualTime();
    const { granted, take } = fallbackOnly(WINDOW_MS, time);
    // The fallback first holds for a window: the server's may be full of the fleet's requests.
    void take();
    await turns();
    vi.setSystemTime(Date.now() + 15_000);
    await turns();
    expect(granted).toHaveLength(0);
    time.advance(WINDOW_MS - 1);
    await turns();
    expect(granted).toHaveLength(0);
    time.advance(1);
    await turns();
    expect(granted).toHaveLength(1);

    // The rest of the window's slots, then one more, which waits for a window after the answers.
    void take(LIMIT);
    await turns();
    expect(granted).toHaveLength(LIMIT);
    for (const release of granted) release();
    vi.setSystemTime(Date.now() - 120_000);
    time.advance(WINDOW_MS - 1);
    await turns();
    expect(granted).toHaveLength(LIMIT);
    time.advance(1);
    await turns();
    expect(granted).toHaveLength(LIMIT + 1);
  });

  it('by default reads performance.now, not Date: a wall clock a quarter of an hour fast releases no held call, one two minutes slow holds none', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const windowMs = 100;
    const { granted, take } = fallbackOnly(windowMs);
    const first = take();
    await turns();
    vi.setSystemTime(Date.now() + 15 * 60_000);
    // Another caller makes the pacer look at its clock again.
    const second = take();
    await turns();
    expect(granted).toHaveLength(0);
    // Released by real time passing, however the wall clock was set.
    await Promise.all([first, second]);

    await take(LIMIT - 2);
    for (const release of granted) release();
    vi.setSystemTime(Date.now() - 2 * 60_000);
    // Waits one window after the answers, not two minutes more.
    await take();
    expect(granted).toHaveLength(LIMIT + 1);
  });

  it('serves the first call of a process that cannot reach Redis after at most one window', async () => {
    const time = createManualTime();
    const { granted, take } = fallbackOnly(WINDOW_MS, time);
    void take();
    await turns();
    time.advance(WINDOW_MS - 1);
    await turns();
    expect(granted).toHaveLength(0);
    time.advance(1);
    await turns();
    expect(granted).toHaveLength(1);
  });
});
