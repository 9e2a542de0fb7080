/** Counts the clients of each app in a fleet, for as long as they live. */
export interface AppMembers {
  /** Counts a client of `app` until `holder`, an object only that client keeps, is collected. */
  add(app: string, holder: object): void;
}

/**
 * Calls `onLastGone(app)` once the last client of `app` is garbage-collected, so a fleet can drop
 * what it keeps per app: a process that serves many apps over its life would otherwise keep every
 * app's state, and during an outage probe Redis for apps it no longer serves.
 */
export function createAppMembers(onLastGone: (app: string) => void): AppMembers {
  const counts = new Map<string, number>();
  const registry = new FinalizationRegistry<string>((app) => {
    const left = (counts.get(app) ?? 1) - 1;
    if (left > 0) {
      counts.set(app, left);
      return;
    }
    counts.delete(app);
    onLastGone(app);
  });
  return {
    add(app, holder) {
      counts.set(app, (counts.get(app) ?? 0) + 1);
      registry.register(holder, app);
    },
  };
}
