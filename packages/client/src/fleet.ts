import type { TokenStore } from '@admin-api/auth';
import type { AdminApiEventListener } from './admin-api-events.js';
import type { ErrorCountStore } from './error-budget.js';
import type { RateLimitConfig } from './pacer.js';
import type { RateLimiter } from './rate-limiter.js';

/** What a client tells the fleet it joins. */
export interface FleetMember {
  readonly clientId: string;
  /** For what the fleet must keep secret at rest (the shared token's encryption key). */
  readonly clientSecret: string;
  /**
   * The budget the client was created with (its `rateLimit` option), or `undefined` when none
   * was given: then the fleet's own budget applies.
   */
  readonly rateLimit: RateLimitConfig | undefined;
  /**
   * The client's listener: fleet events join its stream of `AdminApiEvent`s. The client keeps
   * it, so a fleet that outlives its clients should hold it weakly.
   */
  readonly onEvent: AdminApiEventListener | undefined;
  /** The client's clock; a shared token's expiry is handed over in it. */
  readonly now: () => number;
}

/** What a fleet gives a client: the two seams it plugs into. */
export interface FleetMembership {
  /**
   * The app's token store, shared by the fleet: implements `compareAndDelete` and
   * `refreshTurn`, so one process refreshes and the others wait for its token.
   */
  readonly tokenStore: TokenStore;
  /** The app's rate budget, shared by the fleet. */
  readonly rateLimiter: RateLimiter;
}

/**
 * Several processes of one app sharing its token and rate budget, e.g. `createRedisFleet` from
 * `@admin-api/redis`. Pass it as `createAdminClient({ ..., fleet })`; the client joins it once,
 * when created. The client itself knows nothing of how the fleet shares state.
 */
export interface Fleet {
  join(member: FleetMember): FleetMembership;
  /**
   * The app's error counts, shared by the fleet, for the clients' error budgets. Keyed by the
   * app's client id alone: the service counts an app's errors across every store it serves.
   * A fleet without it leaves each process to count its own.
   */
  errorCounts?(clientId: string): ErrorCountStore;
}
