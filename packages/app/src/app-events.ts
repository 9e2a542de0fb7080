import type { AdminApiEvent } from '@admin-api/client';
import type { AppError } from './errors.js';

/**
 * What an app reports, as a union discriminated by `type`, in the kit's one event style. No
 * event carries a token, a refresh token, a code or the secret; `tokenFingerprint` is the last
 * six characters of an access token, enough to correlate log lines.
 */
export type AppEvent =
  | { readonly type: 'app_install_started'; readonly storeName: string }
  | {
      readonly type: 'app_installed';
      readonly storeName: string;
      readonly merchantId: string;
      readonly authorizedAppId: string;
      readonly scope: string;
    }
  /** A callback or launch that was refused; `error` says why. */
  | { readonly type: 'app_request_refused'; readonly error: AppError }
  | {
      readonly type: 'app_token_refreshed';
      readonly storeName: string;
      readonly expiresAt: number;
      readonly tokenFingerprint: string;
    }
  /** A refresh that failed for a reason that may pass (network, 5xx, timeout). */
  | {
      readonly type: 'app_refresh_failed';
      readonly storeName: string;
      readonly error: Error;
      /** Epoch ms before which this process does not try again. */
      readonly retryAt: number;
    }
  | { readonly type: 'app_store_needs_reinstall'; readonly storeName: string }
  | { readonly type: 'app_uninstalled'; readonly storeName: string }
  | WebhookReport;

/**
 * What a webhook handler did with one delivery. `status` is the HTTP status it answered; the
 * service retries every answer but 200. No report carries the body, the signature or the secret.
 */
export type WebhookReport =
  /** `onEvent` resolved: the delivery was answered 200 and its id is remembered. */
  | WebhookReportOf<'webhook_handled', { readonly durationMs: number }>
  /** A delivery whose id was handled before (a retry, or a slow 200 retried): answered 200. */
  | WebhookReportOf<'webhook_duplicate'>
  /** A delivery whose id is being handled now by another request: refused, the retry gets its 200. */
  | WebhookReportOf<'webhook_busy'>
  /**
   * A correctly signed delivery that cannot be handed over (a scope the kit does not know, or
   * `data` that is not a JSON object): answered 200, since a retry brings the same; `error` says which.
   */
  | WebhookReportOf<'webhook_ignored', { readonly error: AppError }>
  /** `onEvent` threw or rejected: answered 500 and the id released, so the service's retry runs it again. */
  | WebhookReportOf<'webhook_failed', { readonly error: unknown }>
  /**
   * `ackTimeoutMs` from the delivery's arrival passed while `onEvent` ran (the body's read and
   * the dedupe store's calls spent part of it): answered 503; `onEvent` keeps running.
   */
  | WebhookReportOf<'webhook_slow', { readonly ackTimeoutMs: number }>
  /** A slow `onEvent` settled after its answer: `handled` says whether it resolved. */
  | WebhookReportOf<
      'webhook_settled_late',
      { readonly handled: boolean; readonly durationMs: number }
    >
  /**
   * The dedupe store failed or did not answer in time: answered 503 before `onEvent`, or its id
   * not remembered after it, or a claim not extended while it ran (`status` 0: nothing answered).
   */
  | WebhookReportOf<'webhook_dedupe_failed', { readonly error: unknown }>
  /**
   * The claim on a delivery id ran out while `onEvent` still ran (the store was slow or failed to
   * extend it): another process may hand the same event over. `status` 0: nothing was answered.
   */
  | WebhookReportOf<'webhook_lease_lost'>
  /**
   * `onEvent` has not settled `maxHandlingMs` after the id was claimed: the claim is no longer
   * extended and lapses, so the service's next try runs the event again. `status` 0: nothing
   * was answered.
   */
  | WebhookReportOf<'webhook_handling_timeout', { readonly maxHandlingMs: number }>
  /** The body was still arriving `ackTimeoutMs` after the request did: answered 503, nothing handed over. */
  | { readonly type: 'webhook_body_timeout'; readonly status: 503; readonly ackTimeoutMs: number }
  /** The request's body could not be read, or the handler failed: answered 500, nothing handed over. */
  | { readonly type: 'webhook_internal_error'; readonly status: 500; readonly error: unknown }
  /** A request that is not a delivery, or not the service's: answered 4xx, nothing handed over. */
  | {
      readonly type: 'webhook_refused';
      readonly status: number;
      readonly error: AppError;
    };

/** A {@link WebhookReport} about one verified delivery. */
export type WebhookReportOf<Type extends string, Extra = object> = {
  readonly type: Type;
  /** The delivery's `id`: the service keeps it across retries. */
  readonly deliveryId: string;
  /** The delivery's `scope`, as sent. */
  readonly scope: string;
  /** The HTTP status answered (for `webhook_settled_late`, the one answered before). */
  readonly status: number;
} & Extra;

/** An event of a store's client (`graphql_*`, `token_*`, `fleet_*`), with the store it is for. */
export type StoreClientEvent = AdminApiEvent & { readonly storeName: string };

/** Receives {@link AppEvent}s and every store client's events. Exceptions it throws are ignored. */
export type AppEventListener = (event: AppEvent | StoreClientEvent) => void;
