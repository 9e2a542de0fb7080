import type {
  AppSessionStore,
  ConsumedState,
  InstallState,
  SessionRecord,
  SessionStore,
} from './session-store.js';

/** How long a used or expired state is remembered, so that a late reuse reads as reused. */
const STATE_GRACE_MS = 3_600_000;
/** Fewest pending states at which saving one sweeps out the stale. */
const STATE_SWEEP_FLOOR = 1_024;
/** How long the in-process lock lets a task hold it before the next waiter goes ahead. */
const MEMORY_LOCK_LIFETIME_MS = 30_000;

/**
 * A {@link SessionStore} in this process's memory: for tests, scripts and one-process apps.
 * Sessions are gone when the process ends, so every store must be installed again; use
 * `createRedisSessionStore` (`@admin-api/redis`) or `createPostgresSessionStore`
 * (`@admin-api/postgres`) for anything that restarts or runs in several processes.
 *
 * @example
 * const sessions = createMemorySessionStore();
 */
export function createMemorySessionStore(): SessionStore {
  const apps = new Map<string, AppSessionStore>();
  return {
    open({ clientId, now }) {
      let store = apps.get(clientId);
      if (!store) {
        store = openMemoryStore(now);
        apps.set(clientId, store);
      }
      return store;
    },
  };
}

function openMemoryStore(now: () => number): AppSessionStore {
  const records = new Map<string, SessionRecord>();
  const states = new Map<string, { record: InstallState; used: boolean }>();
  const locks = new Map<string, Promise<unknown>>();
  // States are swept once their count has doubled since the last sweep: linear overall, however
  // many installs anyone starts.
  let sweepAt = STATE_SWEEP_FLOOR;

  const sweepStates = () => {
    if (states.size < sweepAt) return;
    const at = now();
    for (const [key, entry] of states) {
      // Kept a while past expiry, so a late reuse still reads as reused rather than unknown.
      if (entry.record.expiresAt + STATE_GRACE_MS < at) states.delete(key);
    }
    sweepAt = Math.max(STATE_SWEEP_FLOOR, 2 * states.size);
  };

  return {
    lockLifetimeMs: MEMORY_LOCK_LIFETIME_MS,
    async saveState(state) {
      sweepStates();
      states.set(state.state, { record: state, used: false });
    },
    async consumeState(state): Promise<ConsumedState | undefined> {
      const entry = states.get(state);
      if (!entry) return undefined;
      const alreadyUsed = entry.used;
      entry.used = true;
      return { record: entry.record, alreadyUsed };
    },
    async get(storeName) {
      return records.get(storeName);
    },
    async set(session, options) {
      if (options?.replacing !== undefined) {
        const current = records.get(session.storeName);
        if (current?.status !== 'installed') return false;
        if (current.session.refreshToken !== options.replacing) return false;
      }
      records.set(session.storeName, { status: 'installed', session });
      return true;
    },
    async markNeedsReinstall(storeName, refreshToken, since) {
      const current = records.get(storeName);
      if (current?.status !== 'installed' || current.session.refreshToken !== refreshToken) {
        return false;
      }
      records.set(storeName, { status: 'needs_reinstall', storeName, since });
      return true;
    },
    async delete(storeName) {
      records.delete(storeName);
    },
    async withRefreshLock(storeName, task, options) {
      const previous = locks.get(storeName) ?? Promise.resolve();
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const mine = previous.then(() => held);
      locks.set(storeName, mine);
      try {
        await waitFor(previous, options?.signal);
        const timer = setTimeout(release, MEMORY_LOCK_LIFETIME_MS);
        timer.unref?.();
        try {
          return await task();
        } finally {
          clearTimeout(timer);
        }
      } finally {
        release();
        if (locks.get(storeName) === mine) locks.delete(storeName);
      }
    },
  };
}

/** Waits for `promise`, or rejects with the signal's reason when it aborts first. */
function waitFor(promise: Promise<unknown>, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return promise.then(() => undefined);
  signal.throwIfAborted();
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      },
      () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      },
    );
  });
}
