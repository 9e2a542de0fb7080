/** The callbacks waiting on each signal, behind one abort listener per signal. */
const waiting = new WeakMap<AbortSignal, Set<() => void>>();

/**
 * Calls `callback` once when `signal` aborts (at once when it already has), until the returned
 * function unlinks it. One listener per signal serves every wait on it: a signal shared by many
 * concurrent calls (a server's shutdown signal) would otherwise gather a listener per waiting
 * call, with Node's "possible EventTarget memory leak" warning past ten.
 */
export function onAbort(signal: AbortSignal, callback: () => void): () => void {
  if (signal.aborted) {
    callback();
    return () => {};
  }
  let callbacks = waiting.get(signal);
  if (!callbacks) {
    const set = new Set<() => void>();
    callbacks = set;
    waiting.set(signal, set);
    signal.addEventListener(
      'abort',
      () => {
        waiting.delete(signal);
        for (const waiter of set) waiter();
        set.clear();
      },
      { once: true },
    );
  }
  const own = callbacks;
  own.add(callback);
  return () => {
    own.delete(callback);
  };
}
