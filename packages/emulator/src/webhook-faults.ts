import { checkInteger } from './check-options.js';
import { EmulatorOptionError } from './errors.js';

/**
 * Faults of webhook deliveries, all off by default. Set them at start (`webhooks.faults`) or
 * live on `emulator.faults.webhook` (checked like the options; a change applies to the next
 * event or try); `emulator.reset()` restores the ones given at start. Draws are seeded.
 */
export interface WebhookFaults {
  /** Wait this long before each try of a delivery, as a slow service does: milliseconds. @default 0 */
  delayMs: number;
  /**
   * Probability, 0 to 1, that an event is sent twice: a second delivery of it, same id and body,
   * right after the first. @default 0
   */
  duplicateRate: number;
  /**
   * Send each burst of an endpoint's events (those queued together, e.g. by one mutation, or
   * while the endpoint was busy) in a seeded shuffled order instead of the order of the changes.
   * @default false
   */
  outOfOrder: boolean;
}

const DEFAULT_FAULTS: WebhookFaults = { delayMs: 0, duplicateRate: 0, outOfOrder: false };

const checkDelayMs = (name: string, value: unknown) =>
  checkInteger(name, value, { min: 0, example: 2_000, unit: 'milliseconds' });

function checkRate(name: string, value: unknown): number {
  if (typeof value !== 'number' || !(value >= 0 && value <= 1)) {
    throw new EmulatorOptionError(`"${name}" must be a probability from 0 to 1, e.g. 0.5`);
  }
  return value;
}

function checkFlag(name: string, value: unknown): boolean {
  if (typeof value !== 'boolean') {
    throw new EmulatorOptionError(`"${name}" must be true or false`);
  }
  return value;
}

/** Throws an {@link EmulatorOptionError} for the first unusable field of `faults`, named under `name`. */
export function checkWebhookFaults(name: string, faults: unknown): void {
  if (typeof faults !== 'object' || faults === null) {
    throw new EmulatorOptionError(`"${name}" must be { delayMs?, duplicateRate?, outOfOrder? }`);
  }
  const { delayMs, duplicateRate, outOfOrder } = faults as Partial<Record<string, unknown>>;
  if (delayMs !== undefined) checkDelayMs(`${name}.delayMs`, delayMs);
  if (duplicateRate !== undefined) checkRate(`${name}.duplicateRate`, duplicateRate);
  if (outOfOrder !== undefined) checkFlag(`${name}.outOfOrder`, outOfOrder);
}

/** Live webhook faults whose setters check each value, and a way back to the initial ones. */
export function createWebhookFaults(initial: Partial<WebhookFaults> = {}) {
  const start: WebhookFaults = { ...DEFAULT_FAULTS, ...initial };
  let current = { ...start };
  const faults: WebhookFaults = {
    get delayMs() {
      return current.delayMs;
    },
    set delayMs(value: number) {
      current.delayMs = checkDelayMs('faults.webhook.delayMs', value);
    },
    get duplicateRate() {
      return current.duplicateRate;
    },
    set duplicateRate(value: number) {
      current.duplicateRate = checkRate('faults.webhook.duplicateRate', value);
    },
    get outOfOrder() {
      return current.outOfOrder;
    },
    set outOfOrder(value: boolean) {
      current.outOfOrder = checkFlag('faults.webhook.outOfOrder', value);
    },
  };
  return {
    faults,
    /** Back to the faults given at start. */
    restore(): void {
      current = { ...start };
    },
  };
}
