import { seededRandom } from './seeded-random.js';
import type { WebhookFaults } from './webhook-faults.js';
import {
  attemptOutcome,
  WEBHOOK_MAX_DELIVERY_BYTES,
  type WebhookAttemptOutcome,
} from './webhook-policy.js';
import type { WebhookScope } from './webhook-scopes.js';
import { sendWebhook } from './webhook-send.js';

/** One event on its way to one registration's endpoint. */
export interface WebhookDelivery {
  /** The store's name, or undefined for the private app's store. */
  readonly store: string | undefined;
  readonly scope: WebhookScope;
  readonly endpoint: string;
  readonly eventId: string;
  /** The signed JSON body, the same on every try. */
  readonly body: string;
  /** True for the second copy the duplicate fault sends. */
  readonly duplicate: boolean;
}

/** One try of a delivery, once it ended: what the CLI prints and the stats log. */
export interface WebhookAttempt {
  /** The store's name, or undefined for the private app's store. */
  readonly store: string | undefined;
  readonly scope: WebhookScope;
  readonly endpoint: string;
  readonly eventId: string;
  /** 1, 2 or 3. */
  readonly try: number;
  /** The answer's HTTP status, or null when there was none. */
  readonly status: number | null;
  /** Why there was no answer (`ECONNREFUSED`, `timeout after 10000 ms`), or null. */
  readonly error: string | null;
  /** `delivered` (200), `retry` (another try follows) or `dropped` (the last try failed). */
  readonly outcome: WebhookAttemptOutcome;
  /** True for the second copy the duplicate fault sends. */
  readonly duplicate: boolean;
  /** When the try ended, epoch ms on the emulator's clock. */
  readonly at: number;
}

/** What the delivery engine works with. */
export interface WebhookDeliveryConfig {
  readonly timeoutMs: number;
  /** Waits before the second and third tries. */
  readonly retryDelaysMs: readonly number[];
  /** The live faults, read at each event and try. */
  readonly faults: WebhookFaults;
  /** Seed of the fault draws (duplicates, shuffles). */
  readonly seed: number;
  now(): number;
  /** Hears of each delivery queued, a duplicate's included. */
  onQueued(delivery: WebhookDelivery): void;
  /** Hears of each try as it ends. */
  onAttempt(attempt: WebhookAttempt): void;
}

interface Try {
  readonly delivery: WebhookDelivery;
  readonly number: number;
}

interface EndpointQueue {
  readonly tries: Try[];
  running: boolean;
}

/**
 * Delivers webhooks in the background: one queue per store and endpoint, sending one try at a
 * time in the order queued, so events reach an endpoint in the order of the changes unless the
 * out-of-order fault shuffles them. A failed try goes back to the queue after its delay, letting
 * the events behind it go first meanwhile. Nothing here throws into, or waits in, a mutation.
 */
export function createWebhookDelivery(config: WebhookDeliveryConfig) {
  let queues = new Map<string, EndpointQueue>();
  /** Cuts short a wait or aborts a send; run by `cancel()`. */
  const cancels = new Set<() => void>();
  const running = new Set<Promise<void>>();
  let generation = 0;
  let pending = 0;
  let waiters: (() => void)[] = [];
  let closed = false;
  const streams = (seed: number) => ({
    duplicate: seededRandom(seed ^ 0x2545f491),
    order: seededRandom(seed ^ 0x6c8e9cf5),
  });
  let random = streams(config.seed);

  const track = (work: Promise<void>) => {
    running.add(work);
    work.finally(() => running.delete(work)).catch(() => {});
  };
  /** Resolves true after `ms`, or false as soon as `cancel()` runs. */
  const wait = (ms: number) =>
    new Promise<boolean>((resolve) => {
      const cut = () => {
        clearTimeout(timer);
        resolve(false);
      };
      const timer = setTimeout(() => {
        cancels.delete(cut);
        resolve(true);
      }, ms);
      cancels.add(cut);
    });
  const settleOne = () => {
    pending--;
    if (pending > 0) return;
    const woken = waiters;
    waiters = [];
    for (const wake of woken) wake();
  };

  const push = (next: Try) => {
    const key = `${next.delivery.store ?? ''}\n${next.delivery.endpoint}`;
    let queue = queues.get(key);
    if (!queue) {
      queue = { tries: [], running: false };
      queues.set(key, queue);
    }
    queue.tries.push(next);
    if (queue.running) return;
    queue.running = true;
    track(drain(key, queue, generation));
  };

  async function drain(key: string, queue: EndpointQueue, gen: number): Promise<void> {
    // One turn of the event loop first: the events of one mutation arrive as one burst.
    if (!(await wait(0))) return;
    while (gen === generation && queue.tries.length > 0) {
      const burst = queue.tries.splice(0);
      if (config.faults.outOfOrder) shuffle(burst, random.order);
      for (const next of burst) {
        if (gen !== generation) return;
        await attempt(next, gen);
      }
    }
    queue.running = false;
    if (queues.get(key) === queue) queues.delete(key);
  }

  async function attempt(next: Try, gen: number): Promise<void> {
    const { delayMs } = config.faults;
    if (delayMs > 0 && !(await wait(delayMs))) return;
    const abort = new AbortController();
    const cut = () => abort.abort();
    cancels.add(cut);
    const { delivery } = next;
    // Too large to send is so on every try: the first fails it for good, and nothing is sent.
    const tooLarge = Buffer.byteLength(delivery.body) > WEBHOOK_MAX_DELIVERY_BYTES;
    const result = tooLarge
      ? { error: `not sent: body over ${WEBHOOK_MAX_DELIVERY_BYTES} bytes` }
      : await sendWebhook(delivery.endpoint, delivery.body, {
          timeoutMs: config.timeoutMs,
          signal: abort.signal,
        });
    cancels.delete(cut);
    // Reset or closed meanwhile: this delivery is forgotten, uncounted.
    if (gen !== generation) return;
    const outcome = tooLarge ? 'dropped' : attemptOutcome(result, next.number);
    config.onAttempt({
      store: delivery.store,
      scope: delivery.scope,
      endpoint: delivery.endpoint,
      eventId: delivery.eventId,
      try: next.number,
      status: 'status' in result ? result.status : null,
      error: 'error' in result ? result.error : null,
      outcome,
      duplicate: delivery.duplicate,
      at: config.now(),
    });
    // The listener may have reset or closed the emulator: then no retry is scheduled.
    if (gen !== generation) return;
    if (outcome !== 'retry') {
      settleOne();
      return;
    }
    const delay = config.retryDelaysMs[next.number - 1] ?? 0;
    track(
      wait(delay).then((waited) => {
        if (waited && gen === generation) push({ delivery, number: next.number + 1 });
      }),
    );
  }

  /**
   * Forgets every pending delivery, uncounted: waits and retries are cut, sends aborted. The
   * fault draws start over from the seed.
   */
  const cancel = (): void => {
    generation++;
    for (const cut of [...cancels]) cut();
    cancels.clear();
    queues = new Map();
    random = streams(config.seed);
    pending = 1;
    settleOne();
  };

  return {
    /** Queues an event for its endpoint, and a copy of it when the duplicate fault draws one. */
    enqueue(delivery: Omit<WebhookDelivery, 'duplicate'>): void {
      if (closed) return;
      // One draw per event, whatever the rate: the draws follow the events alone.
      const twice = random.duplicate() < config.faults.duplicateRate;
      const copies = twice ? [false, true] : [false];
      for (const duplicate of copies) {
        const queued = { ...delivery, duplicate };
        pending++;
        config.onQueued(queued);
        push({ delivery: queued, number: 1 });
      }
    },

    /** Resolves once nothing is queued, in flight or waiting for a retry. */
    settled(): Promise<void> {
      if (pending === 0) return Promise.resolve();
      return new Promise<void>((resolve) => waiters.push(resolve));
    },

    cancel,

    /** Cancels, takes no more events, and resolves once every aborted send has ended. */
    async close(): Promise<void> {
      closed = true;
      cancel();
      await Promise.allSettled([...running]);
    },
  };
}

/** Fisher–Yates, in place, with a seeded stream. */
function shuffle<T>(items: T[], random: () => number): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
}

export type WebhookDeliveryEngine = ReturnType<typeof createWebhookDelivery>;
