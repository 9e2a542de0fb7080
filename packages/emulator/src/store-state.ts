import { createStoreData, type FixtureOptions } from './fixtures/create-store-data.js';
import { createInstallRegistry, type InstallRegistry } from './install-registry.js';
import { seededRandom, seededUuid } from './seeded-random.js';
import type { MutationRecord, StoreData } from './store-data.js';
import { createWebhookStats, type WebhookStats } from './webhook-stats.js';

/** A store of {@link EmulatorOptions.stores}: its name, and optionally its port and data. */
export interface StoreOptions {
  /** The store's name, as in `https://{name}.myikas.com`: `^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$`. */
  name: string;
  /** Port of its token host. @default 0 (an ephemeral port) */
  port?: number;
  /**
   * Its seeded data. @default the emulator's `fixtures`, with a seed derived from their seed and
   * the store's index (so every store's data differs)
   */
  fixtures?: FixtureOptions;
}

/** Counters of one store, its webhooks' included, reset by `emulator.reset()`. */
export interface EmulatorStoreStats extends WebhookStats {
  /** Requests that reached the store's token endpoint, faults included. */
  tokenRequests: number;
  /** Access tokens issued (code exchanges and refreshes). */
  tokensIssued: number;
  /** "Install" decisions on the authorize page: authorization codes issued. */
  installs: number;
  /** "Cancel" decisions on the authorize page (redirected with `access_denied`). */
  cancels: number;
  /** Successful `authorization_code` grants. */
  codeExchanges: number;
  /** Successful `refresh_token` grants. */
  refreshes: number;
  /** Refresh tokens presented after they were spent; each one revoked the install. */
  spentRefreshTokenPresented: number;
  /** Times the install was revoked: `revoke()`, the admin page's Uninstall, or reuse detection. */
  revocations: number;
  /** Every mutation applied to this store's data, in order. */
  readonly mutations: readonly MutationRecord[];
}

export function createStoreStats(ledger: readonly MutationRecord[]): EmulatorStoreStats {
  return {
    tokenRequests: 0,
    tokensIssued: 0,
    installs: 0,
    cancels: 0,
    codeExchanges: 0,
    refreshes: 0,
    spentRefreshTokenPresented: 0,
    revocations: 0,
    mutations: ledger,
    ...createWebhookStats(),
  };
}

/** One store's state inside the emulator. */
export interface StoreState {
  readonly name: string;
  /** Seed of its data and of its mocked values. */
  readonly seed: number;
  readonly fixtures: FixtureOptions;
  readonly port: number;
  readonly authorizedAppId: string;
  readonly storeAppId: string;
  readonly partnerId: string;
  readonly install: InstallRegistry;
  data: StoreData;
  stats: EmulatorStoreStats;
}

/**
 * The seed of the store at `index`: the base seed mixed with the index (a golden-ratio step), so
 * that stores differ from each other and from the private app's store, and a seed gives the
 * same stores on every run.
 */
export function storeSeed(baseSeed: number, index: number): number {
  return (baseSeed ^ Math.imul(index + 1, 0x9e3779b1)) | 0;
}

/** A store in the shape {@link StoreOptions}, whether given by name or in full. */
export function storeOptionsOf(entry: string | StoreOptions): StoreOptions {
  return typeof entry === 'string' ? { name: entry } : entry;
}

export function createStoreState(
  entry: string | StoreOptions,
  index: number,
  baseFixtures: FixtureOptions,
  anchorMs: number,
  now: () => number,
): StoreState {
  const options = storeOptionsOf(entry);
  const seed = options.fixtures?.seed ?? storeSeed(baseFixtures.seed ?? 1, index);
  const fixtures = { ...baseFixtures, ...options.fixtures, seed };
  // The app's ids in this store come from their own stream, apart from the data's.
  const idRandom = seededRandom(seed ^ 0x27d4eb2f);
  const data = createStoreData(fixtures, anchorMs, { storeName: options.name });
  return {
    name: options.name,
    seed,
    fixtures,
    port: options.port ?? 0,
    authorizedAppId: seededUuid(idRandom),
    storeAppId: seededUuid(idRandom),
    partnerId: seededUuid(idRandom),
    install: createInstallRegistry(now),
    data,
    stats: createStoreStats(data.ledger),
  };
}

/** Fresh seeded data and zeroed counters; codes not yet exchanged are forgotten. */
export function resetStoreState(store: StoreState, anchorMs: number): void {
  store.data = createStoreData(store.fixtures, anchorMs, { storeName: store.name });
  store.stats = createStoreStats(store.data.ledger);
  store.install.clearCodes();
}
