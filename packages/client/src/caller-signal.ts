/** The attempts in progress for each caller signal, and one abort listener per signal. */
const attempts = new WeakMap<AbortSignal, Set<AbortController>>();

/**
 * Aborts `controller` when the caller's `signal` aborts, until the returned function unlinks it.
 * One listener per signal serves all its calls: a signal shared by many concurrent calls (a
 * server's shutdown signal) would otherwise gather a listener per call, with Node's
 * "possible EventTarget memory leak" warning past ten, and `AbortSignal.any` on Node 20 retains
 * every combined signal as long as the caller's lives.
 */
export function linkToCallerSignal(signal: AbortSignal, controller: AbortController): () => void {
  if (signal.aborted) {
    controller.abort(signal.reason);
    return () => {};
  }
  let linked = attempts.get(signal);
  if (!linked) {
    const set = new Set<AbortController>();
    linked = set;
    attempts.set(signal, set);
    signal.addEventListener(
      'abort',
      () => {
        for (const attempt of set) attempt.abort(signal.reason);
        set.clear();
      },
      { once: true },
    );
  }
  const own = linked;
  own.add(controller);
  return () => {
    own.delete(controller);
  };
}
