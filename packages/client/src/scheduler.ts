/**
 * Schedules `callback` after `delayMs` and returns a function that cancels it. The client uses
 * it for its own waits (pacing, backoff, `Retry-After`); tests pass a virtual one.
 */
export type SetTimer = (callback: () => void, delayMs: number) => () => void;
