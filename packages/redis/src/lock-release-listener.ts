import { withTimeout } from './redis-health.js';

/**
 * What node-redis's `duplicate()` returns (a client, or a Cluster client), as far as waiting for
 * a release goes. Messages are not read, only their arrival.
 */
interface SubscriberConnection {
  connect(): Promise<unknown>;
  subscribe(channel: string, listener: () => void): Promise<unknown>;
  unsubscribe(channel: string, listener: () => void): Promise<unknown>;
  on(event: 'error', listener: (error: unknown) => void): unknown;
  close?(): Promise<unknown>;
  destroy?(): void;
  readonly isOpen?: boolean | undefined;
}

interface Duplicable {
  duplicate(): SubscriberConnection;
}

function isDuplicable(client: unknown): client is Duplicable {
  return (
    typeof client === 'object' &&
    client !== null &&
    typeof (client as { duplicate?: unknown }).duplicate === 'function'
  );
}

/** Wakes waiters when a refresh lock is released, through Redis pub/sub. */
export interface ReleaseListener {
  /**
   * Calls `wake` on every message on `channel` until the returned function is called. Resolves
   * `undefined` when pub/sub is not available (a client without `duplicate()`, a subscriber that
   * cannot connect or subscribe now): the caller then polls.
   */
  listen(channel: string, wake: () => void): Promise<(() => void) | undefined>;
  /** Ends the subscriber connection, if one was opened. */
  close(): Promise<void>;
}

/**
 * A {@link ReleaseListener} on one connection, duplicated from `client` (with its options: URL,
 * credentials, TLS) the first time a waiter needs it. A subscribing connection can send nothing
 * else, hence the second one; one per session store, whatever the number of apps, stores and
 * waiters. node-redis subscribes it again after a reconnect; a message published while it was
 * down is lost, which costs a waiter at most the lock's remaining lifetime (its fallback timer).
 */
export function createReleaseListener(client: unknown, connectTimeoutMs: number): ReleaseListener {
  let subscriber: Promise<SubscriberConnection | undefined> | undefined;
  let opened: SubscriberConnection | undefined;
  let closed = false;

  const connectSubscriber = async (): Promise<SubscriberConnection | undefined> => {
    if (!isDuplicable(client)) return undefined;
    let connection: SubscriberConnection;
    try {
      connection = client.duplicate();
    } catch {
      return undefined;
    }
    // Without a listener, node-redis's 'error' events would crash the process; a failed
    // subscription shows as a failed subscribe, and the waiters poll.
    connection.on('error', () => {});
    opened = connection;
    try {
      await withTimeout(connection.connect(), connectTimeoutMs);
      return connection;
    } catch {
      opened = undefined;
      await closeConnection(connection);
      return undefined;
    }
  };

  return {
    async listen(channel, wake) {
      if (closed) return undefined;
      subscriber ??= connectSubscriber();
      const connection = await subscriber;
      if (!connection) {
        // Try again at the next wait: Redis may be back.
        subscriber = undefined;
        return undefined;
      }
      const listener = () => wake();
      try {
        await withTimeout(connection.subscribe(channel, listener), connectTimeoutMs);
      } catch {
        void connection.unsubscribe(channel, listener).catch(() => {});
        return undefined;
      }
      return () => {
        void connection.unsubscribe(channel, listener).catch(() => {});
      };
    },
    async close() {
      closed = true;
      await subscriber;
      if (opened) await closeConnection(opened);
      opened = undefined;
    },
  };
}

async function closeConnection(connection: SubscriberConnection): Promise<void> {
  // Read afresh each time: closing changes it.
  const open = () => connection.isOpen !== false;
  if (!open()) return;
  try {
    await connection.close?.();
  } catch {
    // Closing a connection that never came up; destroy below.
  }
  if (open()) connection.destroy?.();
}
