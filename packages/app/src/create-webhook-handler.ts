import { WebhookSignatureError } from './errors.js';
import { readRequestBody } from './read-request-body.js';
import { verifyWebhook } from './verify-webhook.js';
import type { DedupeClaim } from './webhook-dedupe-store.js';
import type { WebhookEvent } from './webhook-event.js';
import {
  resolveWebhookHandlerConfig,
  type WebhookHandlerConfig,
  type WebhookHandlerOptions,
} from './webhook-handler-options.js';

/** A web-standard request handler: Hono, Next.js route handlers, Workers, Bun, Deno; Node through `toNodeListener`. */
export type WebhookHandler = (request: Request) => Promise<Response>;

type Settled = { readonly ok: true } | { readonly ok: false; readonly error: unknown };

const TIMED_OUT = Symbol('timed out');

/**
 * Makes the endpoint the service delivers webhooks to. Each POST is read up to 1 MiB, verified
 * (signature in constant time, shape, typed `data`), claimed by its `id` in the dedupe store and
 * handed to `onEvent`; it is answered 200 only once `onEvent` resolved, or when the id was
 * handled before. The service retries every other answer (3 tries in all), so:
 * - `onEvent` throws → 500, the id is released and the next try runs it again;
 * - `onEvent` is slower than `ackTimeoutMs` → 503; when it resolves later, the id is remembered
 *   and the next try gets its 200 without running it again;
 * - another request holds the id now → 409, for the same reason;
 * - the dedupe store fails or does not answer within `dedupeTimeoutMs` → 503, before `onEvent`;
 * - a bad signature → 401, a body that is not a delivery → 400, over the cap → 413, all empty;
 * - a correctly signed delivery that cannot be handed over (a scope the kit does not know, or
 *   `data` that is not a JSON object) → 200 and a `webhook_ignored` report: a retry would bring
 *   the same, and failing it counts against the endpoint.
 *
 * While `onEvent` runs, its claim on the id is extended every third of `leaseMs`, so no other
 * process takes the id from a process that is still working on it.
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
  const inFlight = new Set<string>();
  return async (request) => {
    try {
      return await handleDelivery(config, inFlight, request);
    } catch (error) {
      // A body stream that broke, or a fault of our own: answer like a crash, so the service retries.
      config.report({ type: 'webhook_internal_error', status: 500, error });
      return answer(500);
    }
  };
}

async function handleDelivery(
  config: WebhookHandlerConfig,
  inFlight: Set<string>,
  request: Request,
): Promise<Response> {
  if (request.method !== 'POST') return answer(405, { allow: 'POST' });
  const body = await readRequestBody(request, config.maxBodyBytes);
  let event: WebhookEvent;
  try {
    if (body.tooLarge) {
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
  inFlight.add(event.id);
  let handingOver = false;
  try {
    let claim: DedupeClaim;
    try {
      claim = await bounded(config, config.dedupe.claim(event.id, config.leaseMs));
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
    return await handOver(config, event, claim.token, () => inFlight.delete(event.id));
  } finally {
    if (!handingOver) inFlight.delete(event.id);
  }
}

async function handOver(
  config: WebhookHandlerConfig,
  event: WebhookEvent,
  token: string,
  done: () => void,
): Promise<Response> {
  const about = { deliveryId: event.id, scope: event.scope };
  const started = performance.now();
  const stopExtending = keepLease(config, event, token);
  const settled: Promise<Settled> = Promise.resolve()
    .then(() => config.onEvent(event))
    .then(
      () => ({ ok: true }) as const,
      (error: unknown) => ({ ok: false, error }) as const,
    )
    .finally(stopExtending);
  const outcome = await within(settled, config.ackTimeoutMs);
  if (outcome === TIMED_OUT) {
    config.report({
      type: 'webhook_slow',
      ...about,
      status: 503,
      ackTimeoutMs: config.ackTimeoutMs,
    });
    void settled.then(async (late) => {
      await settle(config, event, token, late);
      done();
      config.report({
        type: 'webhook_settled_late',
        ...about,
        status: 503,
        handled: late.ok,
        durationMs: Math.round(performance.now() - started),
      });
    });
    return answer(503);
  }
  const status = await settle(config, event, token, outcome);
  done();
  if (outcome.ok) {
    config.report({
      type: 'webhook_handled',
      ...about,
      status,
      durationMs: Math.round(performance.now() - started),
    });
  } else {
    config.report({ type: 'webhook_failed', ...about, status, error: outcome.error });
  }
  return answer(status);
}

/**
 * Extends the claim every third of `leaseMs` until stopped, so a slow `onEvent` keeps the id
 * while its process lives; a process that dies stops extending, and the lease runs out.
 */
function keepLease(config: WebhookHandlerConfig, event: WebhookEvent, token: string): () => void {
  let lost = false;
  const timer = setInterval(
    () => {
      bounded(config, config.dedupe.extend(event.id, token, config.leaseMs)).then(
        (held) => {
          if (held || lost) return;
          lost = true;
          config.report({
            type: 'webhook_lease_lost',
            deliveryId: event.id,
            scope: event.scope,
            status: 0,
          });
        },
        (error: unknown) =>
          config.report({
            type: 'webhook_dedupe_failed',
            deliveryId: event.id,
            scope: event.scope,
            status: 0,
            error,
          }),
      );
    },
    Math.max(1, Math.floor(config.leaseMs / 3)),
  );
  return () => clearInterval(timer);
}

/** Remembers a handled id, or frees a failed one for the next try; the status to answer. */
async function settle(
  config: WebhookHandlerConfig,
  event: WebhookEvent,
  token: string,
  outcome: Settled,
): Promise<200 | 500> {
  const about = { deliveryId: event.id, scope: event.scope };
  if (outcome.ok) {
    try {
      await bounded(config, config.dedupe.complete(event.id, token, config.rememberMs));
    } catch (error) {
      // The event was handed over: answering anything but 200 would only bring a duplicate.
      config.report({ type: 'webhook_dedupe_failed', ...about, status: 200, error });
    }
    return 200;
  }
  try {
    await bounded(config, config.dedupe.release(event.id, token));
  } catch (error) {
    // The lease runs out on its own; the retry after it runs the event again.
    config.report({ type: 'webhook_dedupe_failed', ...about, status: 500, error });
  }
  return 500;
}

/** What `work` settles to, or `TIMED_OUT` once `ms` passed first (the work goes on). */
async function within<T>(work: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** `work`, or a rejection once `dedupeTimeoutMs` passed: a hung store never holds an answer. */
async function bounded<T>(config: WebhookHandlerConfig, work: Promise<T>): Promise<T> {
  const outcome = await within(work, config.dedupeTimeoutMs);
  if (outcome === TIMED_OUT) {
    throw new Error(`The dedupe store did not answer within ${config.dedupeTimeoutMs} ms`);
  }
  return outcome;
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
