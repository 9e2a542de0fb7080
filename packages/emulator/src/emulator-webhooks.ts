import { randomUUID } from 'node:crypto';
import type { ShapedRecord, StoreData, WebhookRegistration } from './store-data.js';
import { createWebhookDelivery } from './webhook-delivery.js';
import type { WebhookEmitter } from './webhook-emitter.js';
import type { WebhookFaults } from './webhook-faults.js';
import type { WebhookConfig } from './webhook-options.js';
import { webhookBody } from './webhook-payload.js';
import { removeAppWebhooks, webhookTargets } from './webhook-registry.js';
import { registeredScopeOf, type WebhookScope } from './webhook-scopes.js';
import { countWebhookAttempt, countWebhookQueued, type WebhookStats } from './webhook-stats.js';

/** A store as webhooks see it: its name (undefined for the private app's) and current data. */
export interface WebhookStore {
  readonly store: string | undefined;
  readonly data: StoreData;
}

/** What the emulator's webhooks work with. */
export interface EmulatorWebhooksDeps {
  readonly config: WebhookConfig;
  readonly faults: WebhookFaults;
  /** Seed of the fault draws. */
  readonly seed: number;
  now(): number;
  /** The client secret of the app with this `authorizedAppId`: deliveries to it are signed with it. */
  appSecret(authorizedAppId: string): string;
  /** The counters a delivery of `store` counts in: the emulator's, and the store's own. */
  statsOf(store: string | undefined): readonly WebhookStats[];
}

/**
 * The emulator's webhooks: turns the stateful core's changes (and uninstalls) into signed
 * deliveries to the registrations of their store, counts them, and hands them to the delivery
 * engine.
 */
export function createEmulatorWebhooks(deps: EmulatorWebhooksDeps) {
  const engine = createWebhookDelivery({
    timeoutMs: deps.config.timeoutMs,
    retryDelaysMs: deps.config.retryDelaysMs,
    faults: deps.faults,
    seed: deps.seed,
    now: deps.now,
    onQueued: (delivery) => {
      for (const stats of deps.statsOf(delivery.store)) countWebhookQueued(stats, delivery);
    },
    onAttempt: (attempt) => {
      for (const stats of deps.statsOf(attempt.store)) countWebhookAttempt(stats, attempt);
      try {
        deps.config.onAttempt?.(attempt);
      } catch {
        // A listener's mistake must not stop deliveries (nor leave the queue stuck).
      }
    },
  });

  const deliver = (
    target: WebhookStore,
    registration: WebhookRegistration,
    scope: WebhookScope,
    record: ShapedRecord,
    at: number,
  ) => {
    const event = {
      // Random, not seeded: a receiver that dedupes by id must not see a restarted emulator's
      // events as ones it already had.
      id: randomUUID(),
      createdAt: new Date(at).toISOString(),
      scope,
      merchantId: target.data.merchant.id,
      authorizedAppId: registration.authorizedAppId,
      data: JSON.stringify(record),
    };
    engine.enqueue({
      store: target.store,
      scope,
      endpoint: registration.record.endpoint,
      eventId: event.id,
      body: webhookBody(event, deps.appSecret(registration.authorizedAppId)),
    });
  };

  return {
    /** The emitter of requests to `target`'s data. */
    emitter: (target: WebhookStore): WebhookEmitter => ({
      emit(scope, record, at) {
        for (const registration of webhookTargets(target.data.webhooks, registeredScopeOf(scope))) {
          deliver(target, registration, scope, record, at);
        }
      },
    }),

    /**
     * The app was uninstalled from `target`: `store/app/deleted` with `record` goes once to each
     * endpoint it registered there (the service sends it unregistered; which endpoints is an
     * assumption), and its registrations are gone.
     */
    appDeleted(target: WebhookStore, authorizedAppId: string, record: ShapedRecord, at: number) {
      const removed = removeAppWebhooks(target.data.webhooks, authorizedAppId);
      for (const registration of oncePerEndpoint(removed)) {
        deliver(target, registration, 'store/app/deleted', record, at);
      }
    },

    /**
     * The platform took a payment for the app on `target`: `store/app/payment` with `record`
     * goes once to each endpoint the app registered there, as `store/app/deleted` does.
     */
    appPayment(target: WebhookStore, authorizedAppId: string, record: ShapedRecord, at: number) {
      const own = [...target.data.webhooks.values()].filter(
        (registration) => registration.authorizedAppId === authorizedAppId,
      );
      for (const registration of oncePerEndpoint(own)) {
        deliver(target, registration, 'store/app/payment', record, at);
      }
    },

    settled: engine.settled,
    /** Forgets pending deliveries, uncounted (the data they came from is being replaced). */
    reset: engine.cancel,
    close: engine.close,
  };
}

export type EmulatorWebhooks = ReturnType<typeof createEmulatorWebhooks>;

/** The first registration of each endpoint, in order: news of the app goes to each endpoint once. */
function oncePerEndpoint(registrations: readonly WebhookRegistration[]): WebhookRegistration[] {
  const endpoints = new Set<string>();
  return registrations.filter((registration) => {
    if (endpoints.has(registration.record.endpoint)) return false;
    endpoints.add(registration.record.endpoint);
    return true;
  });
}
