/**
 * Gives out request slots within a rate budget. The client takes a slot before every HTTP
 * attempt and releases it when the answer has arrived (or the attempt failed); after a 429 it
 * pauses the limiter for the wait the server asked for, when that is within `maxRetryAfterMs`
 * (a longer one the client holds itself, failing its calls unsent). The default is the in-process pacer
 * ({@link createPacer}); a fleet (`createRedisFleet` in `@admin-api/redis`) supplies one shared
 * by every process of the app. Implement it to share the budget some other way.
 *
 * A slot should count from `acquire` until a window after `release`: the server counts a
 * request when it arrives, somewhere in between, so its window then never sees more than the
 * budget however long requests take.
 */
export interface RateLimiter {
  /**
   * Resolves, when the budget allows, with `release`: call it once the response has arrived or
   * the attempt failed (calling it again does nothing). Rejects with the signal's reason when
   * `signal` aborts first. Must not reject for any other reason: a limiter that cannot reach
   * shared state falls back to something local instead.
   */
  acquire(signal?: AbortSignal): Promise<() => void>;
  /**
   * Holds every slot for `ms` from now (a 429's `Retry-After`); a longer pause already in force
   * stays. Relative rather than a point in time, so limiters on hosts with skewed clocks agree.
   */
  pauseFor(ms: number): void;
}
