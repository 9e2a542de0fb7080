/** A fast retry schedule so tests do not sleep through real backoff. */
export const FAST_RETRY = { baseDelayMs: 5, maxDelayMs: 10 } as const;
