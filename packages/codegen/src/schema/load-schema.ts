import { describeLocation, redact } from '@admin-api/auth/internal';
import { type DocumentNode, parse } from 'graphql';
import { CodegenError } from '../errors.js';
import { adminApiCommand } from '../package-manager.js';
import {
  type CredentialsSource,
  credentialsFromEnvironment,
  type ProvidedCredentials,
} from './credentials.js';
import { introspectSchema } from './introspect.js';
import {
  inspectSchemaCache,
  type KnownSchema,
  type SchemaCache,
  unusableCacheError,
  writeSchemaCache,
} from './schema-cache.js';
import { secretForms } from './secrets.js';

/** Where progress and warnings go. */
export interface SchemaLogger {
  info(message: string): void;
  warn(message: string): void;
  /** Routine news (the cache was used); `info` gets it when this is absent. */
  debug?(message: string): void;
}

/** Options of {@link loadSchemaSdl}. */
export interface LoadSchemaOptions {
  /** Path of the SDL cache, or `false` for none (always introspect, write nothing). */
  cachePath: string | false;
  /** Refresh a cache older than this, or of unknown age. @default never */
  maxAgeMs?: number | undefined;
  /** Introspect even when the cache is fresh. */
  refresh?: boolean | undefined;
  /** @default the ADMIN_API_* environment variables */
  credentials?: CredentialsSource | undefined;
  fetch?: typeof fetch | undefined;
  logger: SchemaLogger;
  now?: () => number;
}

/** The SDL to generate from, and where it came from. */
export interface LoadedSchema {
  sdl: string;
  /** The SDL, parsed (without locations). */
  document: DocumentNode;
  from: 'cache' | 'network';
  /** False for a cache edited by hand (its sha256 header is missing or no longer matches). */
  intact: boolean;
}

/**
 * How far in the future a cache's `fetched-at` may be before its age counts as unknown: clocks of
 * two machines differ by that much, so a cache written on one and read on the other is not wrong.
 */
const CLOCK_SKEW_MS = 60_000;

function describeAge(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} h` : `${Math.round(hours / 24)} days`;
}

async function provide(
  source: CredentialsSource | undefined,
): Promise<ProvidedCredentials | { missing: string[] }> {
  const given = typeof source === 'function' ? await source() : source;
  if (given) return given;
  const { credentials, missing } = credentialsFromEnvironment();
  return credentials ?? { missing };
}

/** `logger`, with the secret redacted from every line, in any form: a URL may carry it. */
function redactingLogger(logger: SchemaLogger, secrets: readonly string[]): SchemaLogger {
  const debug = logger.debug;
  return {
    info: (message) => logger.info(redact(message, secrets)),
    warn: (message) => logger.warn(redact(message, secrets)),
    ...(debug ? { debug: (message: string) => debug.call(logger, redact(message, secrets)) } : {}),
  };
}

/** What the cache gave, its SDL parsed only when `document` is first read (see `KnownSchema`). */
function fromCache(cached: SchemaCache): LoadedSchema {
  return {
    sdl: cached.sdl,
    get document() {
      return cached.document;
    },
    from: 'cache',
    intact: cached.intact,
  };
}

/**
 * The schema policy: a fresh cache is used without network; otherwise the schema is introspected
 * with a token and cached. When that fails, or no credentials are set, an existing cache is used
 * with a warning; with no cache either, the error names what to do. A cache that cannot be used
 * (empty, cut short) is replaced from the network when credentials are set, and is an
 * `INVALID_CACHE` error otherwise.
 */
export function loadSchemaSdl(options: LoadSchemaOptions): Promise<LoadedSchema> {
  return loadSchemaSdlKnowing(options, undefined);
}

/**
 * {@link loadSchemaSdl}, parsing a cached SDL that is `known` (see `inspectSchemaCache`) only when
 * its `document` is read.
 */
export async function loadSchemaSdlKnowing(
  options: LoadSchemaOptions,
  known: KnownSchema | undefined,
): Promise<LoadedSchema> {
  const { cachePath } = options;
  let logger = options.logger;
  const now = options.now ?? Date.now;
  const read = cachePath ? inspectSchemaCache(cachePath, known) : undefined;
  const unusable = read && 'problem' in read ? read.problem : undefined;
  const cached: SchemaCache | undefined = read && !('problem' in read) ? read : undefined;
  if (cached && !cached.intact) {
    logger.warn(
      `${cachePath} may have been edited by hand (its sha256 header is missing or no longer matches); run \`${adminApiCommand('schema pull')}\` to restore it.`,
    );
  }
  const sinceFetched = cached ? now() - cached.fetchedAt.getTime() : 0;
  const age = sinceFetched < -CLOCK_SKEW_MS ? undefined : Math.max(0, sinceFetched);
  if (cached && age === undefined) {
    logger.warn(
      `${cachePath} says it was fetched at ${cached.fetchedAt.toISOString()}, in the future, so its age is unknown${options.maxAgeMs === undefined ? '' : ' and it counts as stale'}; run \`${adminApiCommand('schema pull')}\` to rewrite it.`,
    );
  }
  const stale =
    cached !== undefined &&
    options.maxAgeMs !== undefined &&
    (age === undefined || age > options.maxAgeMs);
  if (cached && !options.refresh && !stale) {
    (logger.debug ?? logger.info).call(
      logger,
      `using the cached schema ${cachePath} (${age === undefined ? 'age unknown' : `fetched ${describeAge(age)} ago`}; no network)`,
    );
    return fromCache(cached);
  }
  const why = !cachePath
    ? 'schema cache off'
    : unusable
      ? 'the schema cache cannot be used'
      : !cached
        ? 'no schema cache yet'
        : stale
          ? age === undefined
            ? 'the cache is of unknown age'
            : `the cache is ${describeAge(age)} old`
          : 'refresh requested';

  const provided = await provide(options.credentials);
  if ('missing' in provided) {
    const names = provided.missing.join(', ');
    if (cached) {
      logger.warn(
        `${why}, but ${names} ${provided.missing.length > 1 ? 'are' : 'is'} not set: using the cached schema ${cachePath}.`,
      );
      return fromCache(cached);
    }
    if (cachePath && unusable) throw unusableCacheError(cachePath, unusable);
    throw new CodegenError(
      'MISSING_ENV',
      `Cannot load the Admin API schema: missing ${names}, and there is no schema cache${cachePath ? ` at ${cachePath}` : ''}. ` +
        `Set them in the environment or in .env in the folder codegen runs in (see .env.example), or commit a cache made with \`${adminApiCommand('schema pull')}\`.`,
      { missing: provided.missing },
    );
  }
  const secrets = secretForms([provided.clientSecret]);
  logger = redactingLogger(logger, secrets);
  if (unusable) {
    logger.warn(
      `the schema cache ${cachePath} ${unusable}: loading the schema from the network and rewriting the cache.`,
    );
  }

  try {
    // Never the URL's user info or query: either may carry the secret.
    const from = provided.label ?? describeLocation(provided.baseUrl, undefined, secrets);
    logger.info(`${why}: loading the schema from ${from}`);
    const { sdl, endpoint } = await introspectSchema({
      credentials: provided,
      onProgress: (message) => logger.info(message),
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
    if (!cachePath) {
      return { sdl, document: parse(sdl, { noLocation: true }), from: 'network', intact: true };
    }
    const written = writeSchemaCache(cachePath, sdl, endpoint);
    const change = cached?.sha256 === written.sha256 ? 'unchanged' : cached ? 'updated' : 'created';
    logger.info(`schema cache ${cachePath} ${change} (sha256 ${written.sha256.slice(0, 12)})`);
    return { sdl, document: written.document, from: 'network', intact: true };
  } catch (error) {
    if (!cached) throw error;
    logger.warn(
      `could not refresh the schema (${(error as Error).message}); using the cached schema ${cachePath}.`,
    );
    return fromCache(cached);
  } finally {
    await provided.close?.();
  }
}

export type { SchemaCache };
