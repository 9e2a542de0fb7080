import { ConfigurationError } from '@admin-api/auth';
import { secureEndpointUrl } from '@admin-api/auth/internal';
import type { AdminClient, TypedDocumentString } from '@admin-api/client';
import { WebhookScopeError } from './errors.js';
import { REGISTRABLE_WEBHOOK_SCOPES, type RegistrableWebhookScope } from './webhook-scopes.js';

/** Options of {@link syncWebhooks}. */
export interface SyncWebhooksOptions {
  /** The URL the service delivers to: `https://`, or `http://` to a loopback host (the emulator). */
  readonly endpoint: string;
  /** Every scope the store should deliver to `endpoint`; the others are removed. */
  readonly scopes: readonly RegistrableWebhookScope[];
  /** Aborts the requests not yet answered. */
  readonly signal?: AbortSignal | undefined;
}

/** What {@link syncWebhooks} changed; every list is sorted. */
export interface WebhookSync {
  /** Scopes saved now: not registered before, or registered to another endpoint. */
  readonly saved: readonly RegistrableWebhookScope[];
  /** Scopes whose registrations were deleted: registered, but not in the list. */
  readonly removed: readonly string[];
  /** Scopes already registered to `endpoint`. */
  readonly unchanged: readonly RegistrableWebhookScope[];
}

type Registration = { id: string; scope: string; endpoint: string; deleted: boolean };

const LIST_WEBHOOKS =
  'query ListWebhooks{listWebhook{id scope endpoint deleted}}' as TypedDocumentString<
    { listWebhook: Registration[] },
    Record<string, never>
  >;
const SAVE_WEBHOOKS =
  'mutation SaveWebhooks($input:WebhookInput!){saveWebhook(input:$input){id scope endpoint}}' as TypedDocumentString<
    { saveWebhook: Omit<Registration, 'deleted'>[] | null },
    { input: { endpoint: string; scopes: string[] } }
  >;
const DELETE_WEBHOOKS =
  'mutation DeleteWebhooks($scopes:[String!]!){deleteWebhook(scopes:$scopes)}' as TypedDocumentString<
    { deleteWebhook: boolean },
    { scopes: string[] }
  >;

/** The documents {@link syncWebhooks} sends, for the tests that validate them against the schema. */
export const SYNC_WEBHOOKS_DOCUMENTS: readonly string[] = [
  LIST_WEBHOOKS,
  SAVE_WEBHOOKS,
  DELETE_WEBHOOKS,
];

const REGISTRABLE: ReadonlySet<string> = new Set(REGISTRABLE_WEBHOOK_SCOPES);

/**
 * Makes the store's webhook registrations match `scopes` at `endpoint`: one `listWebhook`, then
 * at most one `saveWebhook` (the scopes missing, or registered to another endpoint) and one
 * `deleteWebhook` (the scopes registered but not asked for). Run it again and nothing is sent
 * beyond the list: it is safe at every start of the app and after every install. Both mutations
 * set a state rather than add to one, so the client may send them again after a failure.
 *
 * `store/product/deleted` and `store/app/*` are refused ({@link WebhookScopeError}): the service
 * registers only the ten scopes of {@link REGISTRABLE_WEBHOOK_SCOPES} and sends the others without
 * a registration.
 *
 * @example
 * const sync = await syncWebhooks(app.client('acme'), {
 *   endpoint: 'https://app.example.com/webhooks',
 *   scopes: ['store/order/created', 'store/product/updated'],
 * });
 * console.log(`saved ${sync.saved.length}, removed ${sync.removed.length}`);
 */
export async function syncWebhooks(
  client: AdminClient,
  options: SyncWebhooksOptions,
): Promise<WebhookSync> {
  const endpoint = checkEndpoint(options?.endpoint);
  const wanted = checkScopes(options.scopes);
  const requestOptions = { idempotent: true, signal: options.signal };
  const { listWebhook } = await client.request(LIST_WEBHOOKS, {}, requestOptions);
  const live = listWebhook.filter((registration) => !registration.deleted);
  const saved: RegistrableWebhookScope[] = [];
  const unchanged: RegistrableWebhookScope[] = [];
  for (const scope of wanted) {
    const registrations = live.filter((registration) => registration.scope === scope);
    const current =
      registrations.length > 0 &&
      registrations.every((registration) => registration.endpoint === endpoint);
    (current ? unchanged : saved).push(scope);
  }
  const removed = [...new Set(live.map((registration) => registration.scope))]
    .filter((scope) => !wanted.includes(scope as RegistrableWebhookScope))
    .sort();
  if (saved.length > 0) {
    await client.request(SAVE_WEBHOOKS, { input: { endpoint, scopes: saved } }, requestOptions);
  }
  if (removed.length > 0) {
    await client.request(DELETE_WEBHOOKS, { scopes: removed }, requestOptions);
  }
  return { saved, removed, unchanged };
}

function checkScopes(scopes: unknown): RegistrableWebhookScope[] {
  if (!Array.isArray(scopes) || scopes.some((scope) => typeof scope !== 'string')) {
    throw new ConfigurationError('INVALID_OPTION', '"scopes" must be a list of webhook scopes');
  }
  const refused = scopes.filter((scope: string) => !REGISTRABLE.has(scope));
  if (refused.length > 0) {
    throw new WebhookScopeError(
      refused,
      `syncWebhooks cannot register ${refused.map((scope) => JSON.stringify(scope)).join(', ')}: ` +
        `the service registers only ${REGISTRABLE_WEBHOOK_SCOPES.join(', ')}; it sends ` +
        'store/app/* (and store/product/deleted) without a registration.',
    );
  }
  return [...new Set(scopes as RegistrableWebhookScope[])].sort();
}

/**
 * `endpoint` when it is an absolute `https://` URL, or `http://` to a loopback host, without
 * user info: the kit's one rule for URLs that carry something secret (auth's `secureEndpointUrl`).
 */
function checkEndpoint(endpoint: unknown): string {
  if (typeof endpoint !== 'string') {
    throw new ConfigurationError(
      'INVALID_OPTION',
      `"endpoint" must be an absolute https:// URL (got ${typeof endpoint})`,
    );
  }
  secureEndpointUrl(endpoint, '/', {
    optionName: 'endpoint',
    carries: "the store's orders and customers",
    offersAllowInsecureHttp: false,
  });
  return endpoint;
}
