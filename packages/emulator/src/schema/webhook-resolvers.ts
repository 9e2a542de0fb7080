import {
  deleteWebhooks,
  listWebhooks,
  saveWebhooks,
  type WebhookInput,
} from '../webhook-registry.js';
import {
  isRegistrableWebhookScope,
  REGISTRABLE_WEBHOOK_SCOPES,
  type RegistrableWebhookScope,
} from '../webhook-scopes.js';
import type { ResolverContext, Resolvers } from './context.js';
import { argumentValidationError } from './graphql-errors.js';
import { existingRecord } from './records.js';

/** Longest endpoint taken: a URL longer than any browser keeps is a mistake, not an address. */
const MAX_ENDPOINT_LENGTH = 2_048;

interface SentWebhookInput {
  readonly endpoint: string;
  readonly scopes: readonly string[];
  readonly salesChannelIds?: readonly string[] | null;
}

/** `WebhookInput` checked as its description says: valid scopes, an http(s) URL, known channels. */
function checkWebhookInput(input: SentWebhookInput, context: ResolverContext): WebhookInput {
  if (input.scopes.length === 0) {
    throw argumentValidationError('scopes must name at least one scope');
  }
  const scopes: RegistrableWebhookScope[] = [];
  for (const scope of input.scopes) {
    if (!isRegistrableWebhookScope(scope)) {
      throw argumentValidationError(
        `"${scope.slice(0, 80)}" is not a webhook scope; valid scopes are ${REGISTRABLE_WEBHOOK_SCOPES.join(', ')}`,
      );
    }
    scopes.push(scope);
  }
  const url = URL.canParse(input.endpoint) ? new URL(input.endpoint) : undefined;
  if (
    !url ||
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    input.endpoint.length > MAX_ENDPOINT_LENGTH
  ) {
    throw argumentValidationError(
      `endpoint must be a valid http or https URL of at most ${MAX_ENDPOINT_LENGTH} characters`,
    );
  }
  const salesChannelIds = input.salesChannelIds ?? null;
  for (const id of salesChannelIds ?? []) {
    existingRecord(context.data.salesChannels, id, 'SalesChannel');
  }
  return { endpoint: input.endpoint, scopes, salesChannelIds };
}

/**
 * `saveWebhook`, `listWebhook`, `deleteWebhook`: the registrations of the app whose token makes
 * the call, on the token's store. Another app's registrations are neither listed nor touched.
 */
export const webhookResolvers: Resolvers = {
  Query: {
    listWebhook: (_: unknown, __: unknown, { data, app }: ResolverContext) =>
      listWebhooks(data.webhooks, app.id),
  },
  Mutation: {
    saveWebhook: (_: unknown, { input }: { input: SentWebhookInput }, context: ResolverContext) =>
      saveWebhooks(
        context.data.webhooks,
        context.app.id,
        checkWebhookInput(input, context),
        context.now(),
        context.data.nextId,
      ),
    deleteWebhook: (
      _: unknown,
      { scopes }: { scopes: string[] },
      { data, app }: ResolverContext,
    ) => {
      deleteWebhooks(data.webhooks, app.id, scopes);
      return true;
    },
  },
};
