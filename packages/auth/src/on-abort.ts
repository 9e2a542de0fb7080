/** The callbacks waiting on a signal, behind its one abort listener. */
interface Waiting {
  readonly callbacks: Set<() => void>;
  readonly listener: () => void;
}

const waitingOn = new WeakMap<AbortSignal, Waiting>();

/**
 * Calls `callback` once when `signal` aborts (at once when it already has), until the returned
 * function unlinks it. One listener per signal serves every wait on it: a signal shared by many
 * concurrent calls (a server's shutdown signal) would otherwise gather a listener per waiting
 * call, with Node's "possible EventTarget memory leak" warning past ten. The listener goes when
 * the last wait unlinks: Node keeps a timeout signal alive while it has a listener.
 */
export function onAbort(signal: AbortSignal, callback: () => void): () => void {
  if (signal.aborted) {
    callback();
    return () => {};
  }
  let waiting = waitingOn.get(signal);
  if (!waiting) {
    const callbacks = new Set<() => void>();
    const listener = () => {
      waitingOn.delete(signal);
      for (const waiter of callbacks) {
        // As separate listeners would: one that throws does not keep the others from running.
        try {
          waiter();
        } catch (error) {
          queueMicrotask(() => {
            throw error;
          });
        }
      }
      callbacks.clear();
    };
    waiting = { callbacks, listener };
    waitingOn.set(signal, waiting);
    signal.addEventListener('abort', listener, { once: true });
  }
  const { callbacks, listener } = waiting;
  callbacks.add(callback);
  return () => {
    if (callbacks.delete(callback) && callbacks.size === 0 && waitingOn.get(signal) === waiting) {
      waitingOn.delete(signal);
      signal.removeEventListener('abort', listener);
    }
  };
}
