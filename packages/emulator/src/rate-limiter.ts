/** A request budget: at most `limit` requests in any `windowMs`. */
export interface RateLimitOptions {
  /** Requests allowed in any window: a positive integer. @default 50 */
  limit?: number;
  /** Length of the window in milliseconds: a positive integer. @default 10000 */
  windowMs?: number;
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterS: number };

/** A sliding-window log per key, as strict as the service's "50 requests per 10 s per app". */
export function createRateLimiter(options: RateLimitOptions, now: () => number) {
  const limit = options.limit ?? 50;
  const windowMs = options.windowMs ?? 10_000;
  const logs = new Map<string, number[]>();

  return {
    take(key: string): RateDecision {
      const at = now();
      const log = (logs.get(key) ?? []).filter((t) => t > at - windowMs);
      logs.set(key, log);
      if (log.length >= limit) {
        const oldest = log[0] ?? at;
        return {
          allowed: false,
          retryAfterS: Math.max(1, Math.ceil((oldest + windowMs - at) / 1000)),
        };
      }
      log.push(at);
      return { allowed: true };
    },
    reset(): void {
      logs.clear();
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
