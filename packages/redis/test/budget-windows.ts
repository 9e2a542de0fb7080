/** A granted slot as the scripts timed it, in Redis time. */
export interface GrantTimes {
  readonly at: number;
  readonly releasedAt: number;
}

/**
 * The most slots counted at once, checked at every grant: a slot counts from its grant until
 * `windowMs` after its release, as the server could count its request anywhere in between.
 */
export function mostCountedAtOnce(grants: readonly GrantTimes[], windowMs: number): number {
  let most = 0;
  for (const { at: t } of grants) {
    const counted = grants.filter((g) => g.at <= t && t < g.releasedAt + windowMs).length;
    most = Math.max(most, counted);
  }
  return most;
}

/** The most grants in any window `(t - windowMs, t]`: what a server counting arrivals sees at most. */
export function mostGrantsInAnyWindow(grants: readonly GrantTimes[], windowMs: number): number {
  const times = grants.map((g) => g.at).sort((a, b) => a - b);
  let most = 0;
  let start = 0;
  for (let end = 0; end < times.length; end++) {
    while ((times[start] ?? 0) <= (times[end] ?? 0) - windowMs) start++;
    most = Math.max(most, end - start + 1);
  }
  return most;
}
