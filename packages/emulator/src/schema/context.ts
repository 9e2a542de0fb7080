import type { GraphQLResolveInfo } from 'graphql';
import type { AnswerBudget } from '../answer-budget.js';
import type { AppIdentity } from '../app-identity.js';
import type { MockRequest } from '../mocks/mock-scope.js';
import type { StoreData } from '../store-data.js';
import type { WebhookEmitter } from '../webhook-emitter.js';

/** What every resolver sees. */
export interface ResolverContext {
  /** The data of the store the token belongs to. */
  readonly data: StoreData;
  /** The app the token belongs to: what `me` and `getAuthorizedApp` answer. */
  readonly app: AppIdentity;
  now(): number;
  /** Announces the store's changed records to its webhook registrations. */
  readonly webhooks: WebhookEmitter;
  readonly mock: MockRequest;
  /** Root fields answered by mocks, in the order they ran: `extensions.mockedFields`. */
  readonly mockedFields: string[];
  /** The answer's size so far; once over the cap, fields answer null and the request a 400. */
  readonly budget: AnswerBudget;
  /** graphql-yoga's: the request's parameters as sent (variables before defaults apply). */
  readonly params: { readonly variables?: Readonly<Record<string, unknown>> | undefined };
}

/** A field resolver of the emulator (sources and arguments are typed per resolver). */
export type FieldResolver = (
  source: never,
  args: never,
  context: ResolverContext,
  info: GraphQLResolveInfo,
) => unknown;

/** Resolvers by type name, then field name. */
export type Resolvers = Readonly<Record<string, Readonly<Record<string, FieldResolver>>>>;
