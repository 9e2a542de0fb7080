import { WebhookSignatureError } from './errors.js';
import { readRequestBody } from './read-request-body.js';
import { verifyWebhook } from './verify-webhook.js';
import { type Deadline, startDeadline, TIMED_OUT } from './webhook-deadline.js';
import type { DedupeClaim } from './webhook-dedupe-store.js';
import type { WebhookEvent } from './webhook-event.js';
import {
  resolveWebhookHandlerConfig,
  type WebhookHandlerConfig,
  type WebhookHandlerOptions,
} from './webhook-handler-options.js';
import { bounded, keepLease } from './webhook-lease.js';

/** A web-standard request handler: Hono, Next.js route handlers, Workers, Bun, Deno; Node through `toNodeListener`. */
export type WebhookHandler = (request: Request) => Promise<Response>;

type Settled = { readonly ok: true } | { readonly ok: false; readonly error: unknown };

/** Ids this handler is handing over now, each with the request that holds it. */
type InFlight = Map<string, symbol>;

/**
 * Makes the endpoint the service delivers webhooks to. Each POST is read up to 1 MB (1,000,000
 * bytes), verified (signature in constant time, shape, typed `data`), claimed by its `id` in the
 * dedupe store and handed to `onEvent`; it is answered 200 only once `onEvent` resolved, or when
 * the id was handled before. Every delivery is answered within `ackTimeoutMs` of its arrival:
 * reading its body, the dedupe store's calls and `onEvent` share that time. The service retries
 * every other answer (3 tries in all), so:
 * - `onEvent` throws → 500, the id is released and the next try runs it again;
 * - the time runs out while `onEvent` runs → 503; when it resolves later, the id is remembered
 *   and the next try gets its 200 without running it again;
 * - another request holds the id now → 409, for the same reason;
 * - the dedupe store fails, or does not answer within `dedupeTimeoutMs` or the time left → 503,
 *   before `onEvent`;
 * - the body is still arriving when the time runs out → 503;
 * - a bad signature → 401, a body that is not a delivery → 400, over the cap → 413, all empty;
 * - a correctly signed delivery that cannot be handed over (a scope the kit does not know, or
 *   `data` that is not a JSON object) → 200 and a `webhook_ignored` report: a retry would bring
 *   the same, and failing it counts against the endpoint.
 *
 * While `onEvent` runs, its claim on the id is extended every third of `leaseMs`, so no other
 * process takes the id from a process that is still working on it, for `maxHandlingMs` from the
 * claim at most: an `onEvent` that has not settled by then loses the claim, and the service's
 * next try runs the event again.
 *
 * @example
 * const handleWebhook = createWebhookHandler({
 *   clientSecret: 'read-from-a-secret-manager',
 *   onEvent: async (event) => {
 *     if (event.scope === 'store/order/created') console.log(event.data.orderNumber);
 *   },
 * });
 * // Hono: app.post('/webhooks', (c) => handleWebhook(c.req.raw));
 * // Next.js: export const POST = handleWebhook;
 */
export function createWebhookHandler(options: WebhookHandlerOptions): WebhookHandler {
  const config = resolveWebhookHandlerConfig(options);
  // Ids this handler is handing over now: a copy is refused here, without asking the store.
  const inFlight: InFlight = new Map();
  return async (request) => {
    // From the request's arrival: every step below spends the same time.
    const deadline = startDeadline(config.ackTimeoutMs, config.monotonicNow, config.setTimer);
    try {
      return await handleDelivery(config, inFlight, request, deadline);
    } catch (error) {
      // A body stream that broke, or a fault of our own: answer like a crash, so the service retries.
      config.report({ type: 'webhook_internal_error', status: 500, error });
      return answer(500);
    } finally {
      deadline.clear();
    }
  };
}

async function handleDelivery(
  config: WebhookHandlerConfig,
  inFlight: InFlight,
  request: Request,
  deadline: Deadline,
): Promise<Response> {
  if (request.method !== 'POST') return answer(405, { allow: 'POST' });
  const body = await readRequestBody(request, config.maxBodyBytes, deadline);
  if (body.outcome === 'late') {
    config.report({ type: 'webhook_body_timeout', status: 503, ackTimeoutMs: config.ackTimeoutMs });
    return answer(503);
  }
  let event: WebhookEvent;
  try {
    if (body.outcome === 'too_large') {
      throw new WebhookSignatureError(
        'WEBHOOK_BODY_TOO_LARGE',
        `The webhook body is over ${config.maxBodyBytes} bytes; it was not read further.`,
      );
    }
    event = await verifyWebhook(body.bytes, config.clientSecret, { maxBytes: config.maxBodyBytes });
  } catch (error) {
    if (!(error instanceof WebhookSignatureError)) throw error;
    const ignored = error.code === 'WEBHOOK_SCOPE_UNKNOWN' || error.code === 'WEBHOOK_DATA_INVALID';
    if (ignored && error.deliveryId !== undefined) {
      config.report({
        type: 'webhook_ignored',
        deliveryId: error.deliveryId,
        scope: error.scope ?? '',
        status: 200,
        error,
      });
      return answer(200);
    }
    const status = refusalStatus(error);
    config.report({ type: 'webhook_refused', status, error });
    return answer(status);
  }
  const about = { deliveryId: event.id, scope: event.scope };
  if (inFlight.has(event.id)) {
    config.report({ type: 'webhook_busy', ...about, status: 409 });
    return answer(409);
  }
  const holder = Symbol();
  inFlight.set(event.id, holder);
  // Only this request's hold: once its claim lapsed, a later request may hold the id anew.
  const done = () => {
    if (inFlight.get(event.id) === holder) inFlight.delete(event.id);
  };
  let handingOver = false;
  try {
    let claim: DedupeClaim;
    try {
      claim = await claimWithin(config, deadline, event);
    } catch (error) {
      config.report({ type: 'webhook_dedupe_failed', ...about, status: 503, error });
      return answer(503);
    }
    if (claim.outcome === 'done') {
      config.report({ type: 'webhook_duplicate', ...about, status: 200 });
      return answer(200);
    }
    if (claim.outcome === 'busy') {
      config.report({ type: 'webhook_busy', ...about, status: 409 });
      return answer(409);
    }
    handingOver = true;
    return await handOver(config, deadline, event, claim.token, done);
  } finally {
    if (!handingOver) done();
  }
}

/**
 * Claims the delivery's id within `dedupeTimeoutMs` and the time left, or throws. A claim the
 * store grants after that is released at once, so the service's next try need not wait out
 * its lease.
 */
async function claimWithin(
  config: WebhookHandlerConfig,
  deadline: Deadline,
  event: WebhookEvent,
): Promise<DedupeClaim> {
  const left = deadline.leftMs();
  if (left <= 0) throw new Error("The delivery's deadline passed before its id was claimed");
  // Never held past maxHandlingMs, even when no extension comes.
  const leaseMs = Math.min(config.leaseMs, config.maxHandlingMs);
  const claiming = Promise.resolve().then(() => config.dedupe.claim(event.id, leaseMs));
  const outcome = await deadline.race(claiming, config.dedupeTimeoutMs);
  if (outcome !== TIMED_OUT) return outcome;
  void claiming.then(
    (late) => {
      if (late.outcome !== 'claimed') return;
      const release = () => config.dedupe.release(event.id, late.token);
      bounded(config, release, config.setBackgroundTimer).catch(() => {});
    },
    () => {},
  );
  throw new Error(
    config.dedupeTimeoutMs < left
      ? `The dedupe store did not answer within ${config.dedupeTimeoutMs} ms`
      : `The dedupe store did not answer before the delivery's deadline (${config.ackTimeoutMs} ms from its arrival)`,
  );
}

async function handOver(
  config: WebhookHandlerConfig,
  deadline: Deadline,
  event: WebhookEvent,
  token: string,
  done: () => void,
): Promise<Response> {
  const about = { deliveryId: event.id, scope: event.scope };
  const started = config.monotonicNow();
  const stopExtending = keepLease(config, event, token, started, done);
  const settled: Promise<Settled> = Promise.resolve()
    .then(() => config.onEvent(event))
    .then(
      () => ({ ok: true }) as const,
      (error: unknown) => ({ ok: false, error }) as const,
    )
    .finally(stopExtending);
  const outcome = await deadline.race(settled);
  if (outcome === TIMED_OUT) {
    config.report({
      type: 'webhook_slow',
      ...about,
      status: 503,
      ackTimeoutMs: config.ackTimeoutMs,
    });
    void settled.then(async (late) => {
      await settle(config, undefined, event, token, late);
      done();
      config.report({
        type: 'webhook_settled_late',
        ...about,
        status: 503,
        handled: late.ok,
        durationMs: Math.round(config.monotonicNow() - started),
      });
    });
    return answer(503);
  }
  const status = await settle(config, deadline, event, token, outcome);
  done();
  if (outcome.ok) {
    config.report({
      type: 'webhook_handled',
      ...about,
      status,
      durationMs: Math.round(config.monotonicNow() - started),
    });
  } else {
    config.report({ type: 'webhook_failed', ...about, status, error: outcome.error });
  }
  return answer(status);
}

/**
 * Remembers a handled id, or frees a failed one for the next try; the status to answer. With a
 * deadline, the answer waits for the store until it passes, and the call goes on after it.
 */
async function settle(
  config: WebhookHandlerConfig,
  deadline: Deadline | undefined,
  event: WebhookEvent,
  token: string,
  outcome: Settled,
): Promise<200 | 500> {
  const about = { deliveryId: event.id, scope: event.scope };
  const status = outcome.ok ? 200 : 500;
  const work = outcome.ok
    ? () => config.dedupe.complete(event.id, token, config.rememberMs)
    : () => config.dedupe.release(event.id, token);
  // The event was handed over, or failed: another answer would only bring a duplicate, or the
  // lease runs out on its own and the retry after it runs the event again.
  const settling = bounded(config, work).catch((error: unknown) => {
    config.report({ type: 'webhook_dedupe_failed', ...about, status, error });
  });
  await (deadline ? deadline.race(settling) : settling);
  return status;
}

function refusalStatus(error: WebhookSignatureError): 400 | 401 | 413 {
  if (error.code === 'WEBHOOK_SIGNATURE_INVALID') return 401;
  if (error.code === 'WEBHOOK_BODY_TOO_LARGE') return 413;
  return 400;
}

/** An answer with no body: the service reads only the status, and a sender learns nothing. */
function answer(status: number, headers?: Record<string, string>): Response {
  return new Response(null, headers ? { status, headers } : { status });
}
