import type { StoreData, WebhookRecord, WebhookRegistration } from './store-data.js';
import type { RegistrableWebhookScope } from './webhook-scopes.js';

type Webhooks = StoreData['webhooks'];

/** A checked `WebhookInput`. */
export interface WebhookInput {
  readonly endpoint: string;
  readonly scopes: readonly RegistrableWebhookScope[];
  readonly salesChannelIds: readonly string[] | null;
}

function registrationOf(
  webhooks: Webhooks,
  authorizedAppId: string,
  scope: string,
): WebhookRegistration | undefined {
  for (const registration of webhooks.values()) {
    if (registration.authorizedAppId === authorizedAppId && registration.record.scope === scope) {
      return registration;
    }
  }
  return undefined;
}

/**
 * Registers `input.endpoint` for each scope of the app: one registration per scope per app, so a
 * scope already registered keeps its id and creation time and takes the new endpoint.
 */
export function saveWebhooks(
  webhooks: Webhooks,
  authorizedAppId: string,
  input: WebhookInput,
  at: number,
  nextId: () => string,
): WebhookRecord[] {
  return [...new Set(input.scopes)].map((scope) => {
    const before = registrationOf(webhooks, authorizedAppId, scope);
    const record: WebhookRecord = {
      id: before?.record.id ?? nextId(),
      createdAt: before?.record.createdAt ?? at,
      updatedAt: at,
      deleted: false,
      endpoint: input.endpoint,
      scope,
    };
    webhooks.set(record.id, { record, authorizedAppId, salesChannelIds: input.salesChannelIds });
    return record;
  });
}

/** The app's registrations, oldest first. */
export function listWebhooks(webhooks: Webhooks, authorizedAppId: string): WebhookRecord[] {
  return [...webhooks.values()]
    .filter((registration) => registration.authorizedAppId === authorizedAppId)
    .map((registration) => registration.record);
}

/** Removes the app's registrations of `scopes` (a scope it has none of is skipped). */
export function deleteWebhooks(
  webhooks: Webhooks,
  authorizedAppId: string,
  scopes: readonly string[],
): void {
  for (const scope of scopes) {
    const registration = registrationOf(webhooks, authorizedAppId, scope);
    if (registration) webhooks.delete(registration.record.id);
  }
}

/** Every app's registration of `scope`, oldest first. */
export function webhookTargets(
  webhooks: Webhooks,
  scope: RegistrableWebhookScope,
): WebhookRegistration[] {
  return [...webhooks.values()].filter((registration) => registration.record.scope === scope);
}

/** Removes every registration of the app (it was uninstalled) and answers them. */
export function removeAppWebhooks(
  webhooks: Webhooks,
  authorizedAppId: string,
): WebhookRegistration[] {
  const removed = [...webhooks.values()].filter(
    (registration) => registration.authorizedAppId === authorizedAppId,
  );
  for (const registration of removed) webhooks.delete(registration.record.id);
  return removed;
}
