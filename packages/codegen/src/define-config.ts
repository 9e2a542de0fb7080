import { resolve } from 'node:path';
import { DEFAULT_ENV_FILE, loadEnvFile } from '@admin-api/auth/internal';
import type { Types } from '@graphql-codegen/plugin-helpers';
import { CodegenError } from './errors.js';
import type { ScalarTypes } from './generator/index.js';
import { assertGraphqlCodegenCanWatch } from './graphql-codegen-watch.js';
import { preset } from './preset.js';
import type { CredentialsSource } from './schema/credentials.js';
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
  /**
   * Your documents: `.graphql`/`.gql` files, and `.ts`/`.tsx`/`.js`/`.jsx` files with operations in
   * `gql`/`graphql` tags, `/* GraphQL *\/` or `#graphql` template strings.
   * @example 'src/**\/*.graphql'
   * @example ['src/**\/*.graphql', 'src/**\/*.{ts,tsx}']
   */
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
  /**
   * TypeScript types for custom scalars: one type, or `{ input, output }` for a different type in
   * variables and in results. @default { Timestamp: 'number', JSON: 'unknown' }
   */
  scalars?: Record<string, string | ScalarTypes>;
  /**
   * More configuration: `clientModule` (where the module imports its client types from),
   * `documentMode` (`'string'` or `'node'`) and `skipDocumentsValidation`; when graphql-codegen
   * runs the config, any other key goes to its plugins.
   * @example { clientModule: '@acme/admin-api-client' }
   */
  config?: Record<string, unknown>;
  /** Where progress goes. @default stderr, prefixed "[admin-api]" (`admin-api codegen`: "…") */
  logger?: SchemaLogger;
  /**
   * When graphql-codegen runs the config: hand it only the part of the schema the documents use.
   * Output is the same; on large schemas codegen runs several times faster. Falls back to the full
   * schema whenever in doubt. `admin-api codegen` does not need it.
   * @default true
   */
  pruneSchema?: boolean;
}

/** {@link AdminApiCodegenOptions} resolved once: what `admin-api codegen` runs from. */
export interface ResolvedCodegenOptions {
  readonly documents: readonly string[];
  readonly output: string;
  /** Absolute path of the schema cache, or `false` for none. */
  readonly cachePath: string | false;
  /** Absolute path of the env file, or `false` for none. */
  readonly envFile: string | false;
  readonly maxAgeMs: number | undefined;
  readonly refreshSchema: boolean;
  readonly credentials: CredentialsSource | undefined;
  readonly scalars: Readonly<Record<string, string | ScalarTypes>> | undefined;
  readonly config: Readonly<Record<string, unknown>>;
  /** The logger the user chose, if any. */
  readonly logger: SchemaLogger | undefined;
}

/** What `admin-api` reads back from a config made by {@link defineConfig}. */
export interface AdminApiSchemaPointer {
  cachePath: string | false;
  documents: string[];
  /** Every option, resolved; `admin-api codegen` generates from these. */
  options: ResolvedCodegenOptions;
}

export const SCHEMA_POINTER = 'admin-api-schema';

/**
 * What {@link defineConfig} returns: graphql-codegen's configuration (`CodegenConfig`), which both
 * `admin-api codegen` and `graphql-codegen --config codegen.ts` run. An interface of this package,
 * so that TypeScript can name it where it infers it (`export default defineConfig(…)` under
 * `declaration: true`): graphql-codegen's own type lives in a package your project does not
 * install.
 */
export interface AdminApiCodegenConfig extends Types.Config {}

const stderrLogger: SchemaLogger = {
  info: (message) => process.stderr.write(`[admin-api] ${message}\n`),
  warn: (message) => process.stderr.write(`[admin-api] warning: ${message}\n`),
};

/** The env file's absolute path, or `false`: read before the other options are resolved. */
function envFilePath(options: AdminApiCodegenOptions): string | false {
  return options.envFile === false ? false : resolve(options.envFile ?? DEFAULT_ENV_FILE);
}

function resolveOptions(options: AdminApiCodegenOptions): ResolvedCodegenOptions {
  const cache = options.schemaCache;
  return {
    documents: Array.isArray(options.documents) ? options.documents : [options.documents],
    output: options.output,
    cachePath:
      cache === false
        ? false
        : resolve(typeof cache === 'string' ? cache : (cache?.path ?? DEFAULT_SCHEMA_CACHE)),
    envFile: envFilePath(options),
    maxAgeMs: typeof cache === 'object' && cache ? cache.maxAgeMs : undefined,
    refreshSchema: options.refreshSchema ?? process.env[REFRESH_ENV_VAR] === '1',
    credentials: options.credentials,
    scalars: options.scalars,
    config: options.config ?? {},
    logger: options.logger,
  };
}

/**
 * The output's `config`, as graphql-codegen's plugins and `admin-api codegen` both read it:
 * `scalars` from the options replaces any in `config`.
 */
export function outputConfig(options: ResolvedCodegenOptions): Record<string, unknown> {
  return { ...options.config, ...(options.scalars ? { scalars: options.scalars } : {}) };
}

const isPath = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** `documents` and `output` as the types say, checked: a config in JavaScript has no types. */
function checkPaths(options: AdminApiCodegenOptions): void {
  const { documents, output } = options as { documents?: unknown; output?: unknown };
  if (!documents || !output) {
    throw new CodegenError(
      'INVALID_OPTION',
      'defineConfig needs "documents" (your .graphql files) and "output" (the module to write)',
    );
  }
  if (!(isPath(documents) || (Array.isArray(documents) && documents.every(isPath)))) {
    throw new CodegenError(
      'INVALID_OPTION',
      `defineConfig's "documents" must be a glob or a list of globs (strings), e.g. 'src/**/*.graphql', not ${describeValue(documents)}`,
    );
  }
  if (!isPath(output)) {
    throw new CodegenError(
      'INVALID_OPTION',
      `defineConfig's "output" must be the path of the module to write (a string), e.g. 'src/generated/admin-api.ts', not ${describeValue(output)}`,
    );
  }
}

/** What a value is, for a message: its type, never its content. */
function describeValue(value: unknown): string {
  if (Array.isArray(value)) return 'a list holding something else';
  return value === null ? 'null' : `a ${typeof value}`;
}

/**
 * Builds a graphql-codegen config (`CodegenConfig`): the schema comes from the Admin API (authenticated
 * introspection, cached as SDL), and `output` gets the types, documents and `getSdk`.
 * `admin-api codegen` runs it without graphql-codegen; `graphql-codegen --config codegen.ts`
 * runs it through the {@link preset}.
 *
 * @example
 * // codegen.ts
 * import { defineConfig } from '@admin-api/codegen';
 * export default defineConfig({ documents: 'src/**\/*.graphql', output: 'src/generated/admin-api.ts' });
 */
export function defineConfig(options: AdminApiCodegenOptions): AdminApiCodegenConfig {
  checkPaths(options);
  assertGraphqlCodegenCanWatch();
  // First: the env file may set ADMIN_API_SCHEMA_REFRESH, which resolving reads.
  const envFile = envFilePath(options);
  if (envFile) loadEnvFile(envFile);
  const resolved = resolveOptions(options);
  const documents = [...resolved.documents];
  const logger = options.logger ?? stderrLogger;

  const relay = createSchemaFailureRelay();
  const loader = relay.loader(async () => {
    const { document: schema } = await loadSchemaSdl({
      cachePath: resolved.cachePath,
      maxAgeMs: resolved.maxAgeMs,
      refresh: resolved.refreshSchema,
      credentials: resolved.credentials,
      logger,
    });
    if (options.pruneSchema === false) return schema;
    // Loaded only here: `admin-api codegen` imports this module and never prunes.
    const { loadGraphQLDocuments } = await import('./schema/load-documents.js');
    const operations = await loadGraphQLDocuments(documents);
    return (operations && pruneSchemaForDocuments(schema, operations)) ?? schema;
  });
  const pointer: AdminApiSchemaPointer & { loader: typeof loader } = {
    loader,
    cachePath: resolved.cachePath,
    documents,
    options: resolved,
  };

  return {
    schema: [{ [SCHEMA_POINTER]: pointer } as never],
    documents,
    generates: {
      [options.output]: {
        preset: relay.preset(preset),
        config: outputConfig(resolved),
      },
    },
  };
}
