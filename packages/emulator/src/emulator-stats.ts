import type { MutationRecord } from './store-data.js';

/** Counters a test reads to prove what happened on the wire. */
export interface EmulatorStats {
  /** Requests that reached the token endpoint, faults included. */
  tokenRequests: number;
  /** Tokens successfully issued. */
  tokensIssued: number;
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
  /** Every applied mutation, in order. */
  readonly mutations: readonly MutationRecord[];
}

export function createStats(ledger: readonly MutationRecord[]): EmulatorStats {
  return {
    tokenRequests: 0,
    tokensIssued: 0,
    graphqlRequests: 0,
    unauthorized: 0,
    rateLimited: 0,
    faultsInjected: 0,
    secretLeaks: 0,
    mutations: ledger,
  };
}
