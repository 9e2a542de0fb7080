import { CodegenError } from '../errors.js';
import {
  type CredentialsSource,
  credentialsFromEnvironment,
  type ProvidedCredentials,
} from './credentials.js';
import { introspectSchema } from './introspect.js';
import { readSchemaCache, type SchemaCache, writeSchemaCache } from './schema-cache.js';

/** Where progress and warnings go. */
export interface SchemaLogger {
  info(message: string): void;
  warn(message: string): void;
}

/** Options of {@link loadSchemaSdl}. */
export interface LoadSchemaOptions {
  /** Path of the SDL cache, or `false` for none (always introspect, write nothing). */
  cachePath: string | false;
  /** Refresh a cache older than this. @default never */
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
  from: 'cache' | 'network';
}

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

/**
 * The schema policy: a fresh cache is used without network; otherwise the schema is introspected
 * with a token and cached. When that fails, or no credentials are set, an existing cache is used
 * with a warning; with no cache either, the error names what to do.
 */
export async function loadSchemaSdl(options: LoadSchemaOptions): Promise<LoadedSchema> {
  const { cachePath, logger } = options;
  const now = options.now ?? Date.now;
  const cached = cachePath ? readSchemaCache(cachePath) : undefined;
  if (cached && !cached.intact) {
    logger.warn(
      `${cachePath} was edited by hand (its sha256 no longer matches); run \`admin-api schema pull\` to restore it.`,
    );
  }
  const age = cached ? now() - cached.fetchedAt.getTime() : 0;
  const stale = cached !== undefined && options.maxAgeMs !== undefined && age > options.maxAgeMs;
  if (cached && !options.refresh && !stale) {
    logger.info(
      `using the cached schema ${cachePath} (fetched ${describeAge(age)} ago; no network)`,
    );
    return { sdl: cached.sdl, from: 'cache' };
  }
  const why = !cachePath
    ? 'schema cache off'
    : !cached
      ? 'no schema cache yet'
      : stale
        ? `the cache is ${describeAge(age)} old`
        : 'refresh requested';

  const provided = await provide(options.credentials);
  if ('missing' in provided) {
    const names = provided.missing.join(', ');
    if (cached) {
      logger.warn(
        `${why}, but ${names} ${provided.missing.length > 1 ? 'are' : 'is'} not set: using the cached schema ${cachePath}.`,
      );
      return { sdl: cached.sdl, from: 'cache' };
    }
    throw new CodegenError(
      'MISSING_ENV',
      `Cannot load the Admin API schema: missing ${names}, and there is no schema cache${cachePath ? ` at ${cachePath}` : ''}. ` +
        'Set them in the environment or in .env beside codegen.ts (see .env.example), or commit a cache made with `admin-api schema pull`.',
    );
  }

  try {
    logger.info(`${why}: loading the schema from ${provided.label ?? provided.baseUrl}`);
    const { sdl, endpoint } = await introspectSchema({
      credentials: provided,
      onProgress: (message) => logger.info(message),
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
    if (cachePath) {
      const written = writeSchemaCache(cachePath, sdl, endpoint);
      const change =
        cached?.sha256 === written.sha256 ? 'unchanged' : cached ? 'updated' : 'created';
      logger.info(`schema cache ${cachePath} ${change} (sha256 ${written.sha256.slice(0, 12)})`);
    }
    return { sdl, from: 'network' };
  } catch (error) {
    if (!cached) throw error;
    logger.warn(
      `could not refresh the schema (${(error as Error).message}); using the cached schema ${cachePath}.`,
    );
    return { sdl: cached.sdl, from: 'cache' };
  } finally {
    await provided.close?.();
  }
}

export type { SchemaCache };
