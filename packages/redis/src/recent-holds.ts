/** How long this process's recent rate-limit slots were held, acquisition to release. */
export interface RecentHolds {
  /** Records a slot released now after `heldMs`, and forgets those older than two windows. */
  record(heldMs: number, windowMs: number): void;
  /** The longest hold released within the last two windows; 0 when there is none. */
  slowestMs(windowMs: number): number;
  /** How many holds it keeps: at most those released in the last two windows. */
  readonly size: number;
}

/**
 * The holds of the last two windows: what a fallback allows for requests still in flight. Old
 * ones are forgotten on each record as well as on each read, since a fleet whose Redis never
 * fails reads none, and would otherwise keep one entry per request for as long as it lives.
 */
export function createRecentHolds(now: () => number = () => performance.now()): RecentHolds {
  const holds: { releasedAt: number; heldMs: number }[] = [];
  const forgetBefore = (windowMs: number) => {
    const since = now() - 2 * windowMs;
    while ((holds[0]?.releasedAt ?? since) < since) holds.shift();
  };
  return {
    record(heldMs, windowMs) {
      holds.push({ releasedAt: now(), heldMs });
      forgetBefore(windowMs);
    },
    slowestMs(windowMs) {
      forgetBefore(windowMs);
      return holds.reduce((slowest, hold) => Math.max(slowest, hold.heldMs), 0);
    },
    get size() {
      return holds.length;
    },
  };
}
