/** Lets a command wait for a connection's first connect, for no longer than its timeout. */
export interface ConnectionGate {
  /** True once the first connection has been made. */
  readonly open: boolean;
  /** Resolves `true` once the first connection is made, or `false` after `ms` if it is not. */
  wait(ms: number): Promise<boolean>;
  /** How many waits are still pending. */
  readonly waiting: number;
}

/**
 * A gate on `ready`, which settles when the first connection is made. A wait that gives up
 * leaves nothing behind: chained onto `ready` instead, each probe of a Redis that is down when
 * the fleet starts would keep its callbacks and its error until Redis came up, every probe
 * interval for as long as the outage lasts.
 */
export function createConnectionGate(ready: Promise<void>): ConnectionGate {
  let open = false;
  const waiters = new Set<(opened: boolean) => void>();
  void ready.then(() => {
    open = true;
    for (const waiter of waiters) waiter(true);
    waiters.clear();
  });
  return {
    get open() {
      return open;
    },
    get waiting() {
      return waiters.size;
    },
    wait(ms) {
      if (open) return Promise.resolve(true);
      return new Promise((resolve) => {
        const settle = (opened: boolean) => {
          clearTimeout(timer);
          waiters.delete(settle);
          resolve(opened);
        };
        const timer = setTimeout(() => settle(false), ms);
        waiters.add(settle);
      });
    },
  };
}
