import { TIMED_OUT, within } from './webhook-deadline.js';
import type { WebhookEvent } from './webhook-event.js';
import type { WebhookHandlerConfig } from './webhook-handler-options.js';

/**
 * `work()`, or a rejection once `dedupeTimeoutMs` passed: a hung store never holds an answer.
 * `work` is called inside, so a store that throws at once rejects the same way.
 */
export async function bounded<T>(
  config: WebhookHandlerConfig,
  work: () => Promise<T>,
  setTimer = config.setTimer,
): Promise<T> {
  const outcome = await within(Promise.resolve().then(work), config.dedupeTimeoutMs, setTimer);
  if (outcome === TIMED_OUT) {
    throw new Error(`The dedupe store did not answer within ${config.dedupeTimeoutMs} ms`);
  }
  return outcome;
}

/**
 * Keeps a claim while `onEvent` runs: extends it every third of `leaseMs`, so no other process
 * takes the id from a process still working on it, but never past `maxHandlingMs` from
 * `claimedAt`. There the claim lapses (an `onEvent` that never settles must not hold the id for
 * ever, or every retry is refused and the event lost): `lapsed` is called and a
 * `webhook_handling_timeout` reported. A process that dies stops extending, and the lease runs
 * out. Its timers keep no process alive. Answers the function that stops it.
 */
export function keepLease(
  config: WebhookHandlerConfig,
  event: WebhookEvent,
  token: string,
  claimedAt: number,
  lapsed: () => void,
): () => void {
  const about = { deliveryId: event.id, scope: event.scope };
  const until = claimedAt + config.maxHandlingMs;
  const interval = Math.max(1, Math.floor(config.leaseMs / 3));
  let stopped = false;
  let lost = false;
  let cancel: (() => void) | undefined;

  const schedule = () => {
    const left = until - config.monotonicNow();
    cancel = config.setBackgroundTimer(tick, Math.max(1, Math.min(interval, left)));
  };
  const extend = (leaseMs: number) =>
    bounded(
      config,
      () => config.dedupe.extend(event.id, token, leaseMs),
      config.setBackgroundTimer,
    ).then(
      (held) => {
        if (held || lost) return;
        lost = true;
        config.report({ type: 'webhook_lease_lost', ...about, status: 0 });
      },
      (error: unknown) =>
        config.report({ type: 'webhook_dedupe_failed', ...about, status: 0, error }),
    );
  function tick() {
    if (stopped) return;
    const left = until - config.monotonicNow();
    if (left < 1) {
      stopped = true;
      lapsed();
      config.report({
        type: 'webhook_handling_timeout',
        ...about,
        status: 0,
        maxHandlingMs: config.maxHandlingMs,
      });
      return;
    }
    // Extended to the bound at most, so the claim lapses there and not a lease later.
    void extend(Math.min(config.leaseMs, Math.ceil(left)));
    schedule();
  }

  schedule();
  return () => {
    stopped = true;
    cancel?.();
  };
}
