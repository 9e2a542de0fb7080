import type { AppBlock } from './error-blocks.js';
import type { MutationRecord } from './store-data.js';
import { createWebhookStats, type WebhookStats } from './webhook-stats.js';

/**
 * Counters a test reads to prove what happened on the wire; the webhook counters and log cover
 * every store, the private app's included.
 */
export interface EmulatorStats extends WebhookStats {
  /** Requests that reached a token endpoint (the private app's or a store's), faults included. */
  tokenRequests: number;
  /** Tokens successfully issued. */
  tokensIssued: number;
  /** Successful `authorization_code` grants, all stores together. */
  codeExchanges: number;
  /** Successful `refresh_token` grants, all stores together. */
  refreshes: number;
  /** Spent refresh tokens presented again, all stores together; each revoked its store's install. */
  spentRefreshTokenPresented: number;
  /** Requests that reached the GraphQL endpoint, faults included. */
  graphqlRequests: number;
  /** GraphQL requests answered 401 (no, unknown or expired token). */
  unauthorized: number;
  /** GraphQL requests the emulator's rate limit answered 429; injected faults count in `faultsInjected`. */
  rateLimited: number;
  /** Responses replaced or delayed by a fault. */
  faultsInjected: number;
  /** Requests to the GraphQL origin that carried the client secret anywhere. Must stay 0. */
  secretLeaks: number;
  /** Queries answered 400 `QUERY_TOO_COMPLEX`: over a query limit, the answer's size included. */
  queriesRefused: number;
  /** GraphQL requests answered 403 `APP_BLOCKED`: their app was blocked for its error rate. */
  blockedRequests: number;
  /** Every block of an app for its error rate, oldest first. */
  readonly appBlocks: readonly AppBlock[];
  /** Every applied mutation, in order. */
  readonly mutations: readonly MutationRecord[];
}

export function createStats(ledger: readonly MutationRecord[]): EmulatorStats {
  return {
    tokenRequests: 0,
    tokensIssued: 0,
    codeExchanges: 0,
    refreshes: 0,
    spentRefreshTokenPresented: 0,
    graphqlRequests: 0,
    unauthorized: 0,
    rateLimited: 0,
    faultsInjected: 0,
    secretLeaks: 0,
    queriesRefused: 0,
    blockedRequests: 0,
    appBlocks: [],
    mutations: ledger,
    ...createWebhookStats(),
  };
}
