import { checkInteger } from './check-options.js';
import { EmulatorOptionError } from './errors.js';
import type { WebhookAttempt } from './webhook-delivery.js';
import { checkWebhookFaults, type WebhookFaults } from './webhook-faults.js';
import {
  DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
  DEFAULT_WEBHOOK_TIMEOUT_MS,
  WEBHOOK_TRIES,
} from './webhook-policy.js';

/** How the emulator delivers webhooks: `startEmulator({ webhooks })`. */
export interface WebhookOptions {
  /**
   * How long one try waits for the endpoint's answer, in milliseconds: a positive integer.
   * @default 10000 (an assumption: the service does not say)
   */
  timeoutMs?: number;
  /**
   * The waits before the second and the third try, in milliseconds: two non-negative integers;
   * `[0, 0]` in tests. @default [5000, 30000] (an assumption: the service does not say)
   */
  retryDelaysMs?: readonly [number, number];
  /** Faults from the start (off by default); `emulator.faults.webhook` changes them live. */
  faults?: Partial<WebhookFaults>;
  /**
   * Hears of every try as it ends (the CLI prints one line each). A listener that throws is
   * ignored: deliveries go on.
   */
  onAttempt?: (attempt: WebhookAttempt) => void;
}

/** {@link WebhookOptions} with the defaults filled in. */
export interface WebhookConfig {
  readonly timeoutMs: number;
  readonly retryDelaysMs: readonly number[];
  readonly faults: Partial<WebhookFaults>;
  readonly onAttempt: ((attempt: WebhookAttempt) => void) | undefined;
}

/** Throws an {@link EmulatorOptionError} for the first unusable field of `webhooks`. */
export function checkWebhookOptions(webhooks: unknown): void {
  if (typeof webhooks !== 'object' || webhooks === null) {
    throw new EmulatorOptionError(
      `"webhooks" must be { timeoutMs?, retryDelaysMs?, faults?, onAttempt? }`,
    );
  }
  const { timeoutMs, retryDelaysMs, faults, onAttempt } = webhooks as Record<string, unknown>;
  if (timeoutMs !== undefined) {
    checkInteger('webhooks.timeoutMs', timeoutMs, {
      min: 1,
      example: DEFAULT_WEBHOOK_TIMEOUT_MS,
      unit: 'milliseconds',
    });
  }
  if (retryDelaysMs !== undefined) {
    if (!Array.isArray(retryDelaysMs) || retryDelaysMs.length !== WEBHOOK_TRIES - 1) {
      throw new EmulatorOptionError(
        `"webhooks.retryDelaysMs" must be the ${WEBHOOK_TRIES - 1} waits between the ${WEBHOOK_TRIES} tries, e.g. [${DEFAULT_WEBHOOK_RETRY_DELAYS_MS.join(', ')}]`,
      );
    }
    retryDelaysMs.forEach((delay: unknown, i) => {
      checkInteger(`webhooks.retryDelaysMs[${i}]`, delay, {
        min: 0,
        example: 0,
        unit: 'milliseconds',
      });
    });
  }
  if (faults !== undefined) checkWebhookFaults('webhooks.faults', faults);
  if (onAttempt !== undefined && typeof onAttempt !== 'function') {
    throw new EmulatorOptionError(`"webhooks.onAttempt" must be a function`);
  }
}

/** The checked options with their defaults. */
export function resolveWebhookOptions(webhooks: WebhookOptions = {}): WebhookConfig {
  return {
    timeoutMs: webhooks.timeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS,
    retryDelaysMs: webhooks.retryDelaysMs ?? DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
    faults: webhooks.faults ?? {},
    onAttempt: webhooks.onAttempt,
  };
}
