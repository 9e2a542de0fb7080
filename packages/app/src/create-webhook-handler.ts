import { WebhookSignatureError } from './errors.js';
import { readRequestBody } from './read-request-body.js';
import { verifyWebhook } from './verify-webhook.js';
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
 * - a bad signature → 401, a body that is not a delivery → 400, over the cap → 413, all empty;
 * - a correctly signed delivery of a scope the kit does not know → 200 and a `webhook_ignored`
 *   report, so the endpoint is not counted as failing.
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
  return async (request) => {
    try {
      return await handleDelivery(config, request);
    } catch (error) {
      // A body stream that broke, or a fault of our own: answer like a crash, so the service retries.
      config.report({ type: 'webhook_internal_error', status: 500, error });
      return answer(500);
    }
  };
}

async function handleDelivery(config: WebhookHandlerConfig, request: Request): Promise<Response> {
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
    if (error.code === 'WEBHOOK_SCOPE_UNKNOWN' && error.deliveryId !== undefined) {
      const scope = error.scope ?? '';
      config.report({ type: 'webhook_ignored', deliveryId: error.deliveryId, scope, status: 200 });
      return answer(200);
    }
    const status = refusalStatus(error);
    config.report({ type: 'webhook_refused', status, error });
    return answer(status);
  }
  const about = { deliveryId: event.id, scope: event.scope };
  let claim: Awaited<ReturnType<WebhookHandlerConfig['dedupe']['claim']>>;
  try {
    claim = await config.dedupe.claim(event.id, config.leaseMs);
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
  return handOver(config, event, claim.token);
}

async function handOver(
  config: WebhookHandlerConfig,
  event: WebhookEvent,
  token: string,
): Promise<Response> {
  const about = { deliveryId: event.id, scope: event.scope };
  const started = performance.now();
  const settled: Promise<Settled> = Promise.resolve()
    .then(() => config.onEvent(event))
    .then(
      () => ({ ok: true }) as const,
      (error: unknown) => ({ ok: false, error }) as const,
    );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const outcome = await Promise.race([
    settled,
    new Promise<typeof TIMED_OUT>((resolve) => {
      timer = setTimeout(() => resolve(TIMED_OUT), config.ackTimeoutMs);
    }),
  ]);
  clearTimeout(timer);
  if (outcome === TIMED_OUT) {
    config.report({
      type: 'webhook_slow',
      ...about,
      status: 503,
      ackTimeoutMs: config.ackTimeoutMs,
    });
    void settled.then(async (late) => {
      await settle(config, event, token, late);
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
      await config.dedupe.complete(event.id, token, config.rememberMs);
    } catch (error) {
      // The event was handed over: answering anything but 200 would only bring a duplicate.
      config.report({ type: 'webhook_dedupe_failed', ...about, status: 200, error });
    }
    return 200;
  }
  try {
    await config.dedupe.release(event.id, token);
  } catch (error) {
    // The lease runs out on its own; the retry after it runs the event again.
    config.report({ type: 'webhook_dedupe_failed', ...about, status: 500, error });
  }
  return 500;
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
