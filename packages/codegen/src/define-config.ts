import { resolve } from 'node:path';
import type { CodegenConfig } from '@graphql-codegen/cli';
import { CodegenError } from './errors.js';
import { preset } from './preset.js';
import { type CredentialsSource, loadEnvFile } from './schema/credentials.js';
import { loadGraphQLDocuments } from './schema/load-documents.js';
import { loadSchemaSdl, type SchemaLogger } from './schema/load-schema.js';
import { pruneSchemaForDocuments } from './schema/prune-schema.js';
import { createSchemaFailureRelay } from './schema/schema-failure-relay.js';

/** Default schema cache, next to `codegen.ts` (the working directory codegen runs in). */
export const DEFAULT_SCHEMA_CACHE = 'admin-api.schema.graphql';
/** Set to `1` to refresh the schema cache even when it is fresh. */
export const REFRESH_ENV_VAR = 'ADMIN_API_SCHEMA_REFRESH';

/** Schema cache settings. */
export interface SchemaCacheOptions {
  /** @default 'admin-api.schema.graphql' */
  path?: string;
  /** Refresh the cache when older than this many milliseconds. @default never: refresh with `admin-api schema pull` */
  maxAgeMs?: number;
}

/** Options of {@link defineConfig}. */
export interface AdminApiCodegenOptions {
  /** Your `.graphql` files, e.g. `'src/**\/*.graphql'`. */
  documents: string | string[];
  /** The generated module, e.g. `'src/generated/admin-api.ts'`. */
  output: string;
  /** Where the schema SDL is cached (commit it), or `false` to always introspect. @default 'admin-api.schema.graphql' */
  schemaCache?: string | SchemaCacheOptions | false;
  /** Introspect even when the cache is fresh. @default process.env.ADMIN_API_SCHEMA_REFRESH === '1' */
  refreshSchema?: boolean;
  /** @default the ADMIN_API_* variables, after reading `envFile` */
  credentials?: CredentialsSource;
  /** Read before anything else; variables already set win. `false` reads none. @default '.env' */
  envFile?: string | false;
  /** TypeScript types for custom scalars. @default { Timestamp: 'number', JSON: 'unknown' } */
  scalars?: Record<string, string>;
  /** More options for the generator (`clientModule`, `documentMode`) and for graphql-codegen. */
  config?: Record<string, unknown>;
  /** Where progress goes. @default stderr, prefixed "[admin-api]" */
  logger?: SchemaLogger;
  /**
   * Hand codegen only the part of the schema the documents use. Output is the same; on large
   * schemas codegen runs several times faster. Falls back to the full schema whenever in doubt.
   * @default true
   */
  pruneSchema?: boolean;
}

/** What `admin-api schema pull/check` read back from a config made by {@link defineConfig}. */
export interface AdminApiSchemaPointer {
  cachePath: string | false;
  documents: string[];
}

export const SCHEMA_POINTER = 'admin-api-schema';

const stderrLogger: SchemaLogger = {
  info: (message) => process.stderr.write(`[admin-api] ${message}\n`),
  warn: (message) => process.stderr.write(`[admin-api] warning: ${message}\n`),
};

/**
 * Builds a graphql-codegen config: the schema comes from the Admin API (authenticated
 * introspection, cached as SDL), and `output` gets the types, documents and `getSdk`.
 *
 * @example
 * // codegen.ts
 * import { defineConfig } from '@admin-api/codegen';
 * export default defineConfig({ documents: 'src/**\/*.graphql', output: 'src/generated/admin-api.ts' });
 */
export function defineConfig(options: AdminApiCodegenOptions): CodegenConfig {
  if (!options.documents || !options.output) {
    throw new CodegenError(
      'INVALID_OPTION',
      'defineConfig needs "documents" (your .graphql files) and "output" (the module to write)',
    );
  }
  if (options.envFile !== false) loadEnvFile(resolve(options.envFile ?? '.env'));
  const cache = options.schemaCache;
  const cachePath =
    cache === false
      ? false
      : resolve(typeof cache === 'string' ? cache : (cache?.path ?? DEFAULT_SCHEMA_CACHE));
  const maxAgeMs = typeof cache === 'object' && cache ? cache.maxAgeMs : undefined;
  const documents = Array.isArray(options.documents) ? options.documents : [options.documents];
  const logger = options.logger ?? stderrLogger;

  const relay = createSchemaFailureRelay();
  const loader = relay.loader(async () => {
    const { document: schema } = await loadSchemaSdl({
      cachePath,
      maxAgeMs,
      refresh: options.refreshSchema ?? process.env[REFRESH_ENV_VAR] === '1',
      credentials: options.credentials,
      logger,
    });
    if (options.pruneSchema === false) return schema;
    const operations = await loadGraphQLDocuments(documents);
    return (operations && pruneSchemaForDocuments(schema, operations)) ?? schema;
  });
  const pointer: AdminApiSchemaPointer & { loader: typeof loader } = {
    loader,
    cachePath,
    documents,
  };

  return {
    schema: [{ [SCHEMA_POINTER]: pointer } as never],
    documents,
    generates: {
      [options.output]: {
        preset: relay.preset(preset),
        config: { ...options.config, ...(options.scalars ? { scalars: options.scalars } : {}) },
      },
    },
  };
}
