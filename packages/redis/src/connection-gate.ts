/** Lets a command wait for a connection's first connect, for no longer than its timeout. */
export interface ConnectionGate {
  /** True once `ready` has settled: the first connection is made, or will never be. */
  readonly open: boolean;
  /**
   * Resolves `true` once the gate opens, or `false` after `ms` if it has not. A `background` wait
   * (a probe's) does not keep the process alive; a call's does, as the call itself would.
   */
  wait(ms: number, options?: { background?: boolean }): Promise<boolean>;
  /** How many waits are still pending. */
  readonly waiting: number;
}

/**
 * A gate on `ready`, which settles when the first connection is made, or when it never will be
 * (then commands are sent and fail at once, as they should). A wait that gives up leaves nothing
 * behind: chained onto `ready` instead, each probe of a Redis that is down when the fleet starts
 * would keep its callbacks and its error until Redis came up, every probe interval for as long
 * as the outage lasts.
 */
export function createConnectionGate(ready: Promise<unknown>): ConnectionGate {
  let open = false;
  const waiters = new Set<(opened: boolean) => void>();
  const opened = () => {
    open = true;
    for (const waiter of waiters) waiter(true);
    waiters.clear();
  };
  ready.then(opened, opened);
  return {
    get open() {
      return open;
    },
    get waiting() {
      return waiters.size;
    },
    wait(ms, options) {
      if (open) return Promise.resolve(true);
      return new Promise((resolve) => {
        const settle = (opened: boolean) => {
          clearTimeout(timer);
          waiters.delete(settle);
          resolve(opened);
        };
        const timer = setTimeout(() => settle(false), ms);
        if (options?.background) timer.unref();
        waiters.add(settle);
      });
    },
  };
}
