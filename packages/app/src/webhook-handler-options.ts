import { ConfigurationError, type SetTimer } from '@admin-api/auth';
import {
  checkDurationMs,
  checkOptionalFunction,
  emit,
  MAX_TIMER_MS,
  realMonotonicNow,
  realSetTimer,
} from '@admin-api/auth/internal';
import type { WebhookReport } from './app-events.js';
import { appInternals } from './app-internals.js';
import type { App } from './create-app.js';
import { createMemoryDedupeStore } from './memory-dedupe-store.js';
import { WEBHOOK_MAX_BODY_BYTES } from './verify-webhook.js';
import type { WebhookDedupeStore } from './webhook-dedupe-store.js';
import type { WebhookEvent } from './webhook-event.js';

/**
 * How long a delivery may take from its arrival to its answer (default 8 s): reading the body,
 * the dedupe store's calls and `onEvent` share it, and when it passes the delivery is answered
 * 503. The service does not publish how long it waits for an answer; 8 s is an assumption that
 * stays under the 10 s most webhook senders allow. Longer work belongs in a queue `onEvent`
 * writes to.
 */
export const DEFAULT_ACK_TIMEOUT_MS = 8_000;
/**
 * How long after its claim a delivery id stays claimed while `onEvent` has not settled, with
 * the default `ackTimeoutMs`: 32 s, 4 × `ackTimeoutMs` (the default when `ackTimeoutMs` is set).
 * Then the claim lapses, so an `onEvent` that never settles does not lose the event: the service
 * makes 3 tries, the last about 40 s after the first (5 s then 30 s apart, as the emulator
 * assumes), and that try finds the id free and runs the event again.
 */
export const DEFAULT_MAX_HANDLING_MS = 4 * DEFAULT_ACK_TIMEOUT_MS;
/**
 * How long a claimed delivery id stays `busy` for other requests (default 30 s): a process that
 * crashed while handling it holds it that long, after which the service's next try runs it again.
 */
export const DEFAULT_LEASE_MS = 30_000;
/**
 * How long a dedupe store call may take before the delivery is answered 503 (default 5 s): a
 * store that stopped answering never holds an answer back.
 */
export const DEFAULT_DEDUPE_TIMEOUT_MS = 5_000;
/** How long a handled delivery id is remembered, so its retries are answered 200 (default 3 days). */
export const DEFAULT_REMEMBER_MS = 3 * 24 * 60 * 60 * 1000;

/** Receives each verified webhook event once; resolve only when the event is safely handed over. */
export type WebhookEventHandler = (event: WebhookEvent) => Promise<void> | void;

/** Options of `createWebhookHandler` shared by both ways of giving the secret. */
export interface WebhookHandlerCommonOptions {
  /**
   * Called once per delivery id with the verified, typed event. The delivery is answered 200
   * only after it resolves; when it throws, it is answered 500 and the service tries again.
   */
  onEvent: WebhookEventHandler;
  /**
   * Remembers handled ids, so retries and duplicates reach `onEvent` once. By default a memory
   * store of this handler's own: two handlers in one process share ids only when given one
   * store (`createMemoryDedupeStore()`). Share one across processes with
   * `createRedisDedupeStore` from `@admin-api/redis` or `createPostgresDedupeStore` from
   * `@admin-api/postgres`.
   */
  dedupe?: WebhookDedupeStore | undefined;
  /**
   * Milliseconds from a delivery's arrival to its answer: the body's read, the dedupe store's
   * calls and `onEvent` share them, and the delivery is answered 503 when they pass (a slow
   * `onEvent` keeps running). Default {@link DEFAULT_ACK_TIMEOUT_MS}.
   */
  ackTimeoutMs?: number | undefined;
  /** Milliseconds a delivery id stays claimed while it is handled. Default {@link DEFAULT_LEASE_MS}. */
  leaseMs?: number | undefined;
  /**
   * Milliseconds from its claim a delivery id stays claimed at most while `onEvent` has not
   * settled: its lease is extended until then, no further, and then lapses, so the service's
   * next try runs the event again (make `onEvent` safe to repeat). At least `ackTimeoutMs`.
   * Default 4 × `ackTimeoutMs`, {@link DEFAULT_MAX_HANDLING_MS} with its default.
   */
  maxHandlingMs?: number | undefined;
  /** Milliseconds a handled id is remembered. Default {@link DEFAULT_REMEMBER_MS}. */
  rememberMs?: number | undefined;
  /** Milliseconds each dedupe store call may take. Default {@link DEFAULT_DEDUPE_TIMEOUT_MS}. */
  dedupeTimeoutMs?: number | undefined;
  /**
   * Largest body read, in bytes: at most (and by default) 1 MB (1,000,000 bytes),
   * {@link WEBHOOK_MAX_BODY_BYTES}.
   */
  maxBodyBytes?: number | undefined;
  /** Receives a {@link WebhookReport} per request. With `app`, reports also reach the app's `onEvent`. */
  onReport?: ((report: WebhookReport) => void) | undefined;
  /**
   * Clock the deadline, the claim's bound and durations are measured on; only differences of it
   * are used. Tests pass a virtual one with `setTimer`.
   * @default performance.now
   */
  monotonicNow?: (() => number) | undefined;
  /**
   * Timer for the deadline, the dedupe store's time and the claim's extensions, e.g. a virtual
   * one in tests, with `monotonicNow` reading the same virtual time. The default keeps no
   * process alive for an extension.
   * @default setTimeout
   */
  setTimer?: SetTimer | undefined;
}

/** Options of `createWebhookHandler`: the app's client secret, or the app made by `createApp`. */
export type WebhookHandlerOptions = WebhookHandlerCommonOptions &
  ({ clientSecret: string; app?: undefined } | { app: App; clientSecret?: undefined });

/** The handler's options, checked and defaulted. */
export interface WebhookHandlerConfig {
  readonly clientSecret: string;
  readonly onEvent: WebhookEventHandler;
  readonly dedupe: WebhookDedupeStore;
  readonly ackTimeoutMs: number;
  readonly leaseMs: number;
  readonly maxHandlingMs: number;
  readonly rememberMs: number;
  readonly dedupeTimeoutMs: number;
  readonly maxBodyBytes: number;
  readonly report: (report: WebhookReport) => void;
  readonly monotonicNow: () => number;
  /** For what a delivery's answer waits on. */
  readonly setTimer: SetTimer;
  /** For what nothing waits on (the claim's extensions): never keeps the process alive. */
  readonly setBackgroundTimer: SetTimer;
}

/** A real timer that does not keep the process alive (where timers have `unref`). */
const backgroundTimer: SetTimer = (callback, delayMs) => {
  const timer = setTimeout(callback, delayMs);
  // Workers and browsers answer a number, which has no unref and keeps nothing alive.
  if (typeof timer === 'object' && typeof timer.unref === 'function') timer.unref();
  return () => clearTimeout(timer);
};

/** Checks the options at creation, so a mistake fails before the first delivery. */
export function resolveWebhookHandlerConfig(options: WebhookHandlerOptions): WebhookHandlerConfig {
  if (typeof options !== 'object' || options === null) {
    throw new ConfigurationError('INVALID_OPTION', 'createWebhookHandler needs an options object');
  }
  const { clientSecret, emitEvent } = secretSource(options);
  if (typeof options.onEvent !== 'function') {
    throw new ConfigurationError(
      'INVALID_OPTION',
      '"onEvent" must be a function that receives each verified webhook event',
    );
  }
  checkOptionalFunction('onReport', options.onReport);
  checkOptionalFunction('monotonicNow', options.monotonicNow);
  checkOptionalFunction('setTimer', options.setTimer);
  const dedupe = options.dedupe ?? createMemoryDedupeStore();
  for (const method of ['claim', 'complete', 'release', 'extend'] as const) {
    if (typeof dedupe[method] !== 'function') {
      throw new ConfigurationError(
        'INVALID_OPTION',
        `"dedupe" must be a WebhookDedupeStore (its ${method} is not a function)`,
      );
    }
  }
  const maxBodyBytes = options.maxBodyBytes ?? WEBHOOK_MAX_BODY_BYTES;
  if (
    !Number.isSafeInteger(maxBodyBytes) ||
    maxBodyBytes < 1 ||
    maxBodyBytes > WEBHOOK_MAX_BODY_BYTES
  ) {
    throw new ConfigurationError(
      'INVALID_OPTION',
      `"maxBodyBytes" must be an integer from 1 to ${WEBHOOK_MAX_BODY_BYTES} (1 MB)`,
    );
  }
  const { onReport } = options;
  const ackTimeoutMs = checkDurationMs(
    'ackTimeoutMs',
    options.ackTimeoutMs ?? DEFAULT_ACK_TIMEOUT_MS,
  );
  const maxHandlingMs = checkDurationMs(
    'maxHandlingMs',
    options.maxHandlingMs ?? Math.min(4 * ackTimeoutMs, MAX_TIMER_MS),
  );
  if (maxHandlingMs < ackTimeoutMs) {
    throw new ConfigurationError(
      'INVALID_OPTION',
      `"maxHandlingMs" (${maxHandlingMs}) must be at least "ackTimeoutMs" (${ackTimeoutMs}): a claim must outlive the delivery's answer`,
    );
  }
  return {
    clientSecret,
    onEvent: options.onEvent,
    dedupe,
    ackTimeoutMs,
    leaseMs: checkDurationMs('leaseMs', options.leaseMs ?? DEFAULT_LEASE_MS),
    maxHandlingMs,
    rememberMs: checkDurationMs('rememberMs', options.rememberMs ?? DEFAULT_REMEMBER_MS),
    dedupeTimeoutMs: checkDurationMs(
      'dedupeTimeoutMs',
      options.dedupeTimeoutMs ?? DEFAULT_DEDUPE_TIMEOUT_MS,
    ),
    maxBodyBytes,
    report: (report) => {
      emit(onReport, report);
      emitEvent?.(report);
    },
    monotonicNow: options.monotonicNow ?? realMonotonicNow,
    setTimer: options.setTimer ?? realSetTimer,
    setBackgroundTimer: options.setTimer ?? backgroundTimer,
  };
}

function secretSource(options: WebhookHandlerOptions): {
  clientSecret: string;
  emitEvent?: ((report: WebhookReport) => void) | undefined;
} {
  if (options.app !== undefined && options.clientSecret !== undefined) {
    throw new ConfigurationError(
      'INVALID_OPTION',
      'Give createWebhookHandler "clientSecret" or "app", not both: the app already holds its secret',
    );
  }
  if (options.app !== undefined) {
    const internals = appInternals(options.app);
    if (!internals) {
      throw new ConfigurationError('INVALID_OPTION', '"app" must be an app made by createApp');
    }
    return internals;
  }
  if (typeof options.clientSecret !== 'string' || options.clientSecret === '') {
    throw new ConfigurationError(
      'INVALID_OPTION',
      'createWebhookHandler needs "clientSecret" (the app\'s client secret, which signs every delivery) or "app"',
    );
  }
  return { clientSecret: options.clientSecret };
}
