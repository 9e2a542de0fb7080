import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GraphQLSchema } from 'graphql';
import { checkEmulatorOptions } from './check-options.js';
import { createSettings, type EmulatorSettings } from './emulator-settings.js';
import { createStats, type EmulatorStats } from './emulator-stats.js';
import type { EmulatorOptionError } from './errors.js';
import { createFaultQueues, type FaultQueues } from './faults.js';
import { createStoreData, type FixtureOptions } from './fixtures/create-store-data.js';
import { createGraphQLEndpoint } from './graphql-endpoint.js';
import { sendJson } from './http-io.js';
import { createRateLimiter, type RateLimitOptions } from './rate-limiter.js';
import { servedAdminApiSchema, servedMockedSchema } from './schema/served-schema.js';
import type { StoreData } from './store-data.js';
import { createTokenEndpoint } from './token-endpoint.js';
import { createTokenRegistry } from './token-registry.js';

/** Options of {@link startEmulator}. */
export interface EmulatorOptions {
  /** Address to listen on; keep it loopback, which is not checked. @default '127.0.0.1' */
  host?: string;
  /** Port of the token host. @default 0 (an ephemeral port) */
  authPort?: number;
  /** Port of the GraphQL host. @default 0 (an ephemeral port) */
  graphqlPort?: number;
  /** @default 'emulator-client' */
  clientId?: string;
  /** @default a random secret per start */
  clientSecret?: string;
  /** `expires_in` of issued tokens, in seconds: a positive integer. @default 14400 */
  tokenLifetimeS?: number;
  /** Per-client budget of GraphQL requests; `false` turns it off. @default 50 per 10 s */
  rateLimit?: RateLimitOptions | false;
  /**
   * Clock for token expiry, rate limits and timestamps; the seeded data is dated before its
   * reading at start. @default Date.now
   */
  now?: () => number;
  /**
   * Seed and sizes of the starting data; the seed also seeds new ids and mocked values.
   * @default seed 1: 120 products, 30 customers, 60 orders
   */
  fixtures?: FixtureOptions;
  /**
   * Serve this schema instead of the Admin API, e.g. a large public schema to test codegen at
   * scale behind real auth: its own resolvers answer where it has any, seeded mocks elsewhere.
   */
  schema?: GraphQLSchema;
}

/** A running emulator. */
export interface Emulator {
  /** Origin of the token host: pass as `authUrl`. */
  readonly authUrl: string;
  /** Origin of the GraphQL host: pass as `baseUrl`. */
  readonly baseUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly stats: EmulatorStats;
  /** Scripted responses; see {@link Fault}. */
  readonly faults: FaultQueues;
  /** Live settings; changes apply to the next request (and are checked like the options). */
  readonly settings: EmulatorSettings;
  /** The in-memory store the resolvers read and change. */
  readonly data: StoreData;
  /** Makes every issued token invalid, as if all had expired. */
  revokeTokens(): void;
  /** Fresh data, zeroed stats, empty fault queues and rate windows; issued tokens stay valid. */
  reset(): void;
  close(): Promise<void>;
}

async function listen(server: Server, port: number, host: string): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { address, port: actual } = server.address() as AddressInfo;
  return `http://${address.includes(':') ? `[${address}]` : address}:${actual}`;
}

function serve(handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>): Server {
  const server = createServer((req, res) => {
    handler(req, res).catch((error: unknown) => {
      if (!res.headersSent && !res.destroyed) {
        sendJson(res, 500, {
          errors: [{ message: `Emulator error: ${(error as Error).message}` }],
        });
      }
    });
  });
  // Node's 5 s default is a second more than fetch keeps an idle socket: on a busy machine a
  // request sent on a reused socket as the server closes it fails with ECONNRESET. As long as
  // a load balancer's (75 s) it almost never meets a reuse; close() ends idle sockets at once.
  server.keepAliveTimeout = 75_000;
  return server;
}

/**
 * Starts the token host and the GraphQL host on two loopback origins, as in production, so
 * that mixing them up fails loudly. The GraphQL host serves the Admin API schema (see
 * `adminApiSchemaSdl`), with a stateful core over seeded data and seeded mocks for the rest.
 *
 * Rejects with an {@link EmulatorOptionError} (code `INVALID_OPTION`) for an option it cannot
 * use, such as `tokenLifetimeS: 0`, a port above 65535, `rateLimit: { limit: 0 }` or an empty
 * `clientSecret`, before anything listens. If a port cannot be had (e.g. `EADDRINUSE`), it
 * rejects with Node's error and leaves neither host listening.
 *
 * @example
 * const emulator = await startEmulator();
 * // authUrl, baseUrl, clientId and clientSecret are what a real store would give you.
 * await emulator.close();
 */
export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  checkEmulatorOptions(options);
  const host = options.host ?? '127.0.0.1';
  const now = options.now ?? Date.now;
  const clientId = options.clientId ?? 'emulator-client';
  const clientSecret = options.clientSecret ?? `emu_secret_${randomBytes(18).toString('hex')}`;
  const settings = createSettings(options.tokenLifetimeS ?? 14_400);
  const registry = createTokenRegistry(now);
  const rateLimiter =
    options.rateLimit === false ? undefined : createRateLimiter(options.rateLimit ?? {}, now);
  const faults = createFaultQueues();
  const fixtures = options.fixtures ?? {};
  // The seeded data is dated before the start, and stays so across resets.
  const startedAt = now();
  const served = options.schema ? servedMockedSchema(options.schema) : servedAdminApiSchema();
  let data = createStoreData(fixtures, startedAt);
  let stats = createStats(data.ledger);

  const authServer = serve(
    createTokenEndpoint({
      clientId,
      clientSecret,
      tokenLifetimeS: () => settings.tokenLifetimeS,
      registry,
      get stats() {
        return stats;
      },
      faults,
    }),
  );
  const graphqlServer = serve(
    createGraphQLEndpoint({
      served,
      seed: fixtures.seed ?? 1,
      anchorMs: startedAt,
      clientSecret,
      registry,
      rateLimiter,
      data: () => data,
      get stats() {
        return stats;
      },
      faults,
      now,
    }),
  );
  const close = (server: Server) =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  const authUrl = await listen(authServer, options.authPort ?? 0, host);
  // Otherwise a taken GraphQL port would leave the token host holding its port and the process.
  const baseUrl = await listen(graphqlServer, options.graphqlPort ?? 0, host).catch(
    async (error: unknown) => {
      await close(authServer);
      throw error;
    },
  );

  return {
    authUrl,
    baseUrl,
    clientId,
    clientSecret,
    get stats() {
      return stats;
    },
    faults,
    settings,
    get data() {
      return data;
    },
    revokeTokens: () => registry.revokeAll(),
    reset() {
      data = createStoreData(fixtures, startedAt);
      stats = createStats(data.ledger);
      faults.token.length = 0;
      faults.graphql.length = 0;
      faults.random = undefined;
      rateLimiter?.reset();
    },
    close: async () => {
      await Promise.all([close(authServer), close(graphqlServer)]);
    },
  };
}
