/**
 * Every scope the service sends webhooks for (the vendor's `WebhookScope`). `store/app/*` and
 * `store/product/deleted` are not in `WebhookInput.scopes`' list: the service sends them without a
 * registration.
 */
export const WEBHOOK_SCOPES = [
  'store/order/created',
  'store/order/updated',
  'store/product/created',
  'store/product/updated',
  'store/product/deleted',
  'store/customer/created',
  'store/customer/updated',
  'store/customer/statusUpdated',
  'store/customerFavoriteProducts/created',
  'store/customerFavoriteProducts/updated',
  'store/stock/created',
  'store/stock/updated',
  'store/app/deleted',
  'store/app/payment',
] as const;

/** A scope of {@link WEBHOOK_SCOPES}. */
export type WebhookScope = (typeof WEBHOOK_SCOPES)[number];

/** The scopes `saveWebhook` registers: the ten `WebhookInput.scopes`' description lists. */
export const REGISTRABLE_WEBHOOK_SCOPES = [
  'store/order/created',
  'store/order/updated',
  'store/product/created',
  'store/product/updated',
  'store/customer/created',
  'store/customer/updated',
  'store/customerFavoriteProducts/created',
  'store/customerFavoriteProducts/updated',
  'store/stock/created',
  'store/stock/updated',
] as const satisfies readonly WebhookScope[];

/** A scope of {@link REGISTRABLE_WEBHOOK_SCOPES}. */
export type RegistrableWebhookScope = (typeof REGISTRABLE_WEBHOOK_SCOPES)[number];

const KNOWN: ReadonlySet<string> = new Set(WEBHOOK_SCOPES);

/** True when `scope` is one of {@link WEBHOOK_SCOPES}. */
export function isWebhookScope(scope: string): scope is WebhookScope {
  return KNOWN.has(scope);
}
