/** A rate budget as one process of a fleet uses it. */
export interface FleetBudget {
  readonly limit: number;
  readonly windowMs: number;
  /** The share of `limit` the fleet may use, in (0, 1]. */
  readonly share: number;
}

/**
 * The fleet's shared store stopped answering in time, refused a command of the app's, or lost
 * the app's keys. Until the app's `fleet_recovered`, this process paces the app at the fleet's
 * fallback share of the budget and keeps its own token (after lost keys: holds every slot for a
 * window, while what the lost keys counted may still count at the service). Alert on it.
 */
export interface FleetDegradedEvent {
  type: 'fleet_degraded';
  /** The app: a short hash of its client id, as in the fleet's key names. */
  app: string;
  /**
   * `unreachable`: no connection; `timeout`: no answer within the command timeout; `error`: a
   * failed or refused command; `keys_lost`: the store is up but forgot the app's keys (flushed,
   * deleted, evicted, restarted without persistence), so the fleet holds for a window.
   */
  reason: 'unreachable' | 'timeout' | 'error' | 'keys_lost';
  /** What failed, e.g. `ECONNREFUSED`; never a token, the secret or the client id. */
  message: string;
}

/**
 * The shared store takes the app's writes again, or the hold after lost keys ended; this process
 * is back on its shared token and budget.
 */
export interface FleetRecoveredEvent {
  type: 'fleet_recovered';
  /** The app: a short hash of its client id. */
  app: string;
  /** How long this process ran on its fallback. */
  degradedForMs: number;
}

/**
 * Live processes of the app use different budgets (or shares). The strictest applies to all of
 * them (the smallest `limit × share` over the longest window) until they agree; fix the
 * configuration. Also written once per distinct disagreement as a process warning.
 */
export interface FleetBudgetMismatchEvent {
  type: 'fleet_budget_mismatch';
  /** The app: a short hash of its client id, as in the fleet's key names. */
  app: string;
  /** This process's budget. */
  budget: FleetBudget;
  /** The other budgets in use. */
  others: readonly FleetBudget[];
  /** What every process now holds to: requests per window. */
  applied: { readonly limit: number; readonly windowMs: number };
}

/**
 * The shared token could not be read and was treated as absent; the next token fetched
 * replaces it. `wrong_secret_or_corrupted` repeating means processes of one app run with
 * different client secrets (a rotation in progress, or a misconfigured host).
 */
export interface FleetTokenUnreadableEvent {
  type: 'fleet_token_unreadable';
  /** The app: a short hash of its client id. */
  app: string;
  reason: 'malformed' | 'unsupported_version' | 'wrong_secret_or_corrupted' | 'invalid_contents';
}

/**
 * What a fleet reports (`fleet_*`), part of the kit's one event union. No event carries a
 * token, the secret or the client id.
 */
export type FleetEvent =
  | FleetDegradedEvent
  | FleetRecoveredEvent
  | FleetBudgetMismatchEvent
  | FleetTokenUnreadableEvent;
