/** Options of {@link RateLimiter.acquire}. */
export interface AcquireOptions {
  /**
   * The longest pause after a 429 the caller will wait out, in milliseconds. When a pause in
   * force, or one learned later while waiting (from another client sharing the limiter, or
   * another process of a fleet), lasts beyond it, the limiter rejects that caller with a
   * `RateLimitError` whose `retryAfterMs` is what is left of the pause. A limiter that ignores
   * the option holds the caller through the pause. The client passes its
   * `retry.maxRetryAfterMs`.
   * @default no bound: the caller waits out any pause
   * @example
   * const release = await rateLimiter.acquire(signal, { maxPauseMs: 60_000 });
   */
  maxPauseMs?: number | undefined;
}

/**
 * Gives out request slots within a rate budget. The client takes a slot before every HTTP
 * attempt and releases it when the answer has arrived (or the attempt failed); after a 429 it
 * pauses the limiter for the wait the server asked for, when that is within `maxRetryAfterMs` or
 * the limiter {@link RateLimiter.honorsMaxPauseMs | honors `maxPauseMs`} (a longer one the client
 * otherwise holds itself, failing its calls unsent), and asks for each slot with
 * `maxPauseMs: maxRetryAfterMs`, so that a pause another client or process set beyond its bound
 * fails its calls unsent too. The default is the in-process pacer
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
   * `signal` aborts first, and with a `RateLimitError` when a pause lasts beyond
   * `options.maxPauseMs` ({@link AcquireOptions}). Must not reject for any other reason: a
   * limiter that cannot reach shared state falls back to something local instead.
   */
  acquire(signal?: AbortSignal, options?: AcquireOptions): Promise<() => void>;
  /**
   * Holds every slot for `ms` from now (a 429's `Retry-After`); a longer pause already in force
   * stays. Relative rather than a point in time, so limiters on hosts with skewed clocks agree.
   */
  pauseFor(ms: number): void;
  /**
   * True when `acquire` refuses callers whose `maxPauseMs` a pause exceeds, as the pacer and a
   * fleet's limiter do. The client then hands the limiter every pause after a 429, beyond
   * `maxRetryAfterMs` too (up to an hour, `MAX_SHARED_PAUSE_MS`, since `Retry-After` is
   * untrusted), so that every client sharing it, and every process of a fleet, stops at the
   * first 429 instead of each earning its own. A limiter without it is handed only pauses up to
   * the client's `maxRetryAfterMs`, since it would hold its callers through a longer one.
   * @default false
   */
  readonly honorsMaxPauseMs?: boolean | undefined;
}
