/**
 * The pooled connections a store object's refresh locks may hold at once, held and awaited
 * together: a request beyond them waits here, first come first served, without a connection.
 */
export interface LockConnections {
  /**
   * Resolves with the function that frees the slot (once; later calls do nothing) when one is
   * free, or rejects with the signal's reason if it is aborted first.
   */
  take(signal: AbortSignal | undefined): Promise<() => void>;
}

export function createLockConnections(limit: number): LockConnections {
  let free = limit;
  /** Waiters in arrival order (a Set keeps it, and lets an aborted one leave at once). */
  const waiting = new Set<() => void>();
  const slot = () => {
    let freed = false;
    return () => {
      if (freed) return;
      freed = true;
      const [next] = waiting;
      if (next) {
        waiting.delete(next);
        next();
      } else {
        free++;
      }
    };
  };
  return {
    take(signal) {
      signal?.throwIfAborted();
      if (free > 0) {
        free--;
        return Promise.resolve(slot());
      }
      return new Promise((resolve, reject) => {
        const onAbort = () => {
          waiting.delete(granted);
          reject(signal?.reason);
        };
        const granted = () => {
          signal?.removeEventListener('abort', onAbort);
          resolve(slot());
        };
        waiting.add(granted);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    },
  };
}
