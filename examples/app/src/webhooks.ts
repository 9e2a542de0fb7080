// The app's webhooks: the scopes it registers on each store, and the endpoint that receives them.
import {
  type App,
  createWebhookHandler,
  type RegistrableWebhookScope,
  type WebhookDedupeStore,
  type WebhookEvent,
  type WebhookHandler,
  type WebhookReport,
} from '@admin-api/app';
import { AdminApiError } from '@admin-api/client';
import type { LatestEvents } from './latest-events.js';

/** The scopes the app registers on every store it is installed on. */
export const REGISTERED_WEBHOOK_SCOPES = [
  'store/product/created',
  'store/product/updated',
  'store/order/created',
  'store/order/updated',
  'store/customer/created',
] as const satisfies readonly RegistrableWebhookScope[];

/** Where the stores deliver: `/webhooks` on `appUrl`'s origin. */
export const webhookEndpoint = (appUrl: string) => new URL('/webhooks', appUrl).href;

/** Errors of a store's API call that say the app is no longer installed there. */
export const REINSTALL_CODES: ReadonlySet<string> = new Set([
  'STORE_NOT_INSTALLED',
  'STORE_NEEDS_REINSTALL',
  'UNAUTHENTICATED',
]);

/** A query any install may make: it answers only while the app's tokens for the store work. */
const CHECK_INSTALL = /* GraphQL */ '{ getAuthorizedApp { id } }';

/** What {@link createWebhookReceiver} needs. */
export interface WebhookReceiverOptions {
  readonly app: App;
  readonly events: LatestEvents;
  /**
   * Store names by merchant id, as verified installs and launches told this process: a
   * `store/app/deleted` event names its store's merchant, not the store.
   */
  readonly stores: Map<string, string>;
  /** Handled delivery ids, shared by the app's processes (Redis); in memory when unset. */
  readonly dedupe?: WebhookDedupeStore | undefined;
  /** Where failures go; `console.error` by default. */
  readonly log?: ((where: string, error: unknown) => void) | undefined;
}

/**
 * The `POST /webhooks` handler: each verified event, once, is kept for the launch page; on
 * `store/app/deleted` the store's session is forgotten once its API confirms the app is gone.
 */
export function createWebhookReceiver(options: WebhookReceiverOptions): WebhookHandler {
  const { app, events, stores } = options;
  const log = options.log ?? ((where, error) => console.error(`${where}:`, error));
  return createWebhookHandler({
    app,
    dedupe: options.dedupe,
    onEvent: async (event) => {
      if (event.scope === 'store/app/deleted') await forgetUninstalledStore(app, stores, event);
      events.add(event);
    },
    onReport: (report) => {
      const failure = failureOf(report);
      if (failure) log(`webhook ${report.type} (${report.status})`, failure);
    },
  });
}

/**
 * `merchantId` is not signed, so a captured delivery could name another store's merchant: the
 * session is forgotten only when the store's API refuses the app's tokens. A store this process
 * cannot name (it never saw its install or launch) is left to the launch page, which offers a new
 * install once the API refuses. A throw answers 500, and the service tries again.
 */
async function forgetUninstalledStore(
  app: App,
  stores: Map<string, string>,
  event: WebhookEvent,
): Promise<void> {
  const storeName = event.merchantId === undefined ? undefined : stores.get(event.merchantId);
  if (storeName === undefined || event.merchantId === undefined) return;
  try {
    await app.client(storeName).request(CHECK_INSTALL);
    return; // Still installed: a late retry after a new install, or not the service's event.
  } catch (error) {
    if (!(error instanceof AdminApiError) || !REINSTALL_CODES.has(error.code)) throw error;
  }
  await app.uninstall(storeName);
  stores.delete(event.merchantId);
}

/** The error of a report worth logging; `undefined` for deliveries handled or answered 200. */
function failureOf(report: WebhookReport): unknown {
  switch (report.type) {
    case 'webhook_failed':
    case 'webhook_dedupe_failed':
    case 'webhook_internal_error':
    case 'webhook_refused':
      return report.error instanceof AdminApiError ? report.error.toJSON() : report.error;
    case 'webhook_slow':
      return `onEvent took over ${report.ackTimeoutMs} ms`;
    default:
      return undefined;
  }
}
