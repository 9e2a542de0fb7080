/**
 * The scopes `saveWebhook` registers: the ten that `WebhookInput.scopes`' description lists.
 * Any other scope (`store/product/deleted`, `store/app/deleted`, a typo) is an
 * ARGUMENT_VALIDATION_ERROR.
 */
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
] as const;

/** A scope of {@link REGISTRABLE_WEBHOOK_SCOPES}. */
export type RegistrableWebhookScope = (typeof REGISTRABLE_WEBHOOK_SCOPES)[number];

/**
 * A scope the emulator delivers: a registrable one, or one of those the service sends without a
 * registration of its own (`store/product/deleted`, `store/customer/statusUpdated`,
 * `store/app/deleted`, `store/app/payment`).
 */
export type WebhookScope =
  | RegistrableWebhookScope
  | 'store/product/deleted'
  | 'store/customer/statusUpdated'
  | 'store/app/deleted'
  | 'store/app/payment';

/** A scope a changed record of the store is announced with (not news of the app itself). */
export type ChangeScope = Exclude<WebhookScope, 'store/app/deleted' | 'store/app/payment'>;

const REGISTRABLE: ReadonlySet<string> = new Set(REGISTRABLE_WEBHOOK_SCOPES);

/** True when `scope` is one of {@link REGISTRABLE_WEBHOOK_SCOPES}. */
export function isRegistrableWebhookScope(scope: string): scope is RegistrableWebhookScope {
  return REGISTRABLE.has(scope);
}

/**
 * The registration whose endpoint an event of `scope` goes to. `store/product/deleted` and
 * `store/customer/statusUpdated` cannot be registered, yet the service sends them: the emulator
 * sends them to the endpoints registered for `store/product/updated` and
 * `store/customer/updated` (an assumption; the service does not say which).
 */
export function registeredScopeOf(scope: ChangeScope): RegistrableWebhookScope {
  if (scope === 'store/product/deleted') return 'store/product/updated';
  if (scope === 'store/customer/statusUpdated') return 'store/customer/updated';
  return scope;
}
