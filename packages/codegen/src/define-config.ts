import { resolve } from 'node:path';
import { DEFAULT_ENV_FILE, isRecord, loadEnvFile } from '@admin-api/auth/internal';
import type { GraphQLCodegenOutput } from './codegen-plugin-types.js';
import { CodegenError } from './errors.js';
import type { ScalarTypes } from './generator/index.js';
import type { CredentialsSource } from './schema/credentials.js';
import type { SchemaLogger } from './schema/load-schema.js';

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
  documents: string | readonly string[];
  /** The generated module, e.g. `'src/generated/admin-api.ts'`. */
  output: string;
  /** Where the schema SDL is cached (commit it), or `false` to always introspect. @default 'admin-api.schema.graphql' */
  schemaCache?: string | SchemaCacheOptions | false;
  /** Introspect even when the cache is fresh. @default process.env.ADMIN_API_SCHEMA_REFRESH === '1', read when codegen runs */
  refreshSchema?: boolean;
  /** @default the ADMIN_API_* variables, after reading `envFile` */
  credentials?: CredentialsSource;
  /** Read when codegen runs, before the schema is loaded; variables already set win. `false` reads none. @default '.env' */
  envFile?: string | false;
  /**
   * TypeScript types for custom scalars: one type, or `{ input, output }` for a different type in
   * variables and in results. @default { Timestamp: 'number', JSON: 'unknown' }
   */
  scalars?: Readonly<Record<string, string | ScalarTypes>>;
  /**
   * More configuration of the module: `clientModule` (where it imports its client types from),
   * `documentMode` (`'string'` or `'node'`) and `skipDocumentsValidation`; when graphql-codegen
   * runs the config (see `toGraphQLCodegenConfig`), any other key goes to its plugins.
   * @example { clientModule: '@acme/admin-api-client' }
   */
  config?: Readonly<Record<string, unknown>>;
  /** Where schema progress and warnings go. @default stderr (`admin-api codegen`: its own lines) */
  logger?: SchemaLogger;
  /**
   * When graphql-codegen runs the config (`toGraphQLCodegenConfig`): hand graphql-codegen only the
   * part of the schema the documents use for this module's output, which makes it several times
   * faster on large schemas. The module is the same either way: it is generated from the full
   * schema, as `admin-api codegen` does. Outputs in `generates` always get the full schema.
   * `admin-api codegen` never prunes.
   * @default true
   */
  pruneSchema?: boolean;
  /**
   * Outputs of other graphql-codegen plugins, beside the module, as graphql-codegen's own
   * `generates` entries (`{ 'src/gql/types.ts': { plugins: ['typescript'] } }`). They get the same
   * documents and the full schema. `admin-api codegen` writes the module itself and runs these
   * through graphql-codegen's engine (install `@graphql-codegen/cli` and the plugins);
   * `toGraphQLCodegenConfig` hands them to graphql-codegen beside the module.
   * @default {}
   */
  generates?: Readonly<Record<string, GraphQLCodegenOutput>>;
}

/**
 * What {@link defineConfig} returns: a plain, frozen object of the kit's own, its options checked
 * and their defaults filled in (paths stay as written: they are resolved against the folder
 * codegen runs in, when it runs). It is itself a valid {@link AdminApiCodegenOptions}.
 * `admin-api codegen` runs it; `toGraphQLCodegenConfig(config)` turns it into a config for
 * graphql-codegen.
 */
export interface AdminApiCodegenConfig {
  readonly documents: readonly string[];
  readonly output: string;
  readonly schemaCache: { readonly path: string; readonly maxAgeMs?: number } | false;
  /** `undefined`: `ADMIN_API_SCHEMA_REFRESH` decides, when codegen runs. */
  readonly refreshSchema?: boolean;
  readonly credentials?: CredentialsSource;
  readonly envFile: string | false;
  readonly scalars?: Readonly<Record<string, string | ScalarTypes>>;
  readonly config: Readonly<Record<string, unknown>>;
  readonly logger?: SchemaLogger;
  readonly pruneSchema: boolean;
  readonly generates: Readonly<Record<string, GraphQLCodegenOutput>>;
}

/** {@link AdminApiCodegenConfig} resolved when codegen runs: what `admin-api codegen` runs from. */
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
  /** Outputs of other graphql-codegen plugins, by path. */
  readonly generates: Readonly<Record<string, GraphQLCodegenOutput>>;
}

/**
 * @deprecated `defineConfig` no longer hides its options in a graphql-codegen schema pointer:
 * read them from the {@link AdminApiCodegenConfig} it returns.
 */
export interface AdminApiSchemaPointer {
  cachePath: string | false;
  documents: string[];
  options: ResolvedCodegenOptions;
}

const OPTION_NAMES: readonly string[] = [
  'documents',
  'output',
  'schemaCache',
  'refreshSchema',
  'credentials',
  'envFile',
  'scalars',
  'config',
  'logger',
  'pruneSchema',
  'generates',
];

const isPath = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** What a value is, for a message: its type, never its content. */
function describeValue(value: unknown): string {
  if (Array.isArray(value)) return 'a list holding something else';
  return value === null ? 'null' : `a ${typeof value}`;
}

const invalid = (message: string) =>
  new CodegenError('INVALID_OPTION', `defineConfig's ${message}`);

/** The options as the types say, checked: a config in JavaScript has no types. */
function checkOptions(options: AdminApiCodegenOptions): void {
  if (!isRecord(options)) {
    throw new CodegenError(
      'INVALID_OPTION',
      `defineConfig takes an object of options ({ documents, output, … }), not ${describeValue(options)}`,
    );
  }
  const { documents, output, generates } = options as Record<string, unknown>;
  if (!documents || !output) {
    throw new CodegenError(
      'INVALID_OPTION',
      'defineConfig needs "documents" (your .graphql files) and "output" (the module to write)',
    );
  }
  if (!(isPath(documents) || (Array.isArray(documents) && documents.every(isPath)))) {
    throw invalid(
      `"documents" must be a glob or a list of globs (strings), e.g. 'src/**/*.graphql', not ${describeValue(documents)}`,
    );
  }
  if (!isPath(output)) {
    throw invalid(
      `"output" must be the path of the module to write (a string), e.g. 'src/generated/admin-api.ts', not ${describeValue(output)}`,
    );
  }
  const unknown = Object.keys(options).filter((key) => !OPTION_NAMES.includes(key));
  if (unknown.length > 0) {
    throw invalid(
      `options are ${OPTION_NAMES.map((name) => `"${name}"`).join(', ')}; it does not know ${unknown
        .map((key) => `"${key}"`)
        .join(
          ', ',
        )}. Outputs of other graphql-codegen plugins go in "generates"; for anything else of graphql-codegen's, start from toGraphQLCodegenConfig(config) and run it with graphql-codegen.`,
    );
  }
  if (generates === undefined) return;
  if (!isRecord(generates)) {
    throw invalid(
      `"generates" must map output paths to graphql-codegen outputs, e.g. { 'src/gql/types.ts': { plugins: ['typescript'] } }, not ${describeValue(generates)}`,
    );
  }
  for (const [path, entry] of Object.entries(generates)) {
    if (path === output) {
      throw invalid(
        `"generates" has an entry for ${path}, which is "output", the module codegen writes itself: give the other output another path`,
      );
    }
    if (!isRecord(entry) && !Array.isArray(entry)) {
      throw invalid(
        `"generates" entry ${JSON.stringify(path)} must be a graphql-codegen output ({ plugins: [...] }) or a list of plugins, not ${describeValue(entry)}`,
      );
    }
  }
}

/**
 * The configuration of `admin-api codegen`: your documents, the module to write, and how the
 * schema is loaded (authenticated introspection, cached as SDL). It only checks the options and
 * fills in the defaults: importing a config does nothing else (no `.env` is read, no process
 * argument looked at; `admin-api codegen` does that when it runs). To run the same config with
 * graphql-codegen, export `toGraphQLCodegenConfig(config)` instead.
 *
 * @example
 * // codegen.ts
 * import { defineConfig } from '@admin-api/codegen';
 * export default defineConfig({ documents: 'src/**\/*.graphql', output: 'src/generated/admin-api.ts' });
 */
export function defineConfig(options: AdminApiCodegenOptions): AdminApiCodegenConfig {
  checkOptions(options);
  const cache = options.schemaCache;
  const maxAgeMs = typeof cache === 'object' ? cache.maxAgeMs : undefined;
  return Object.freeze({
    documents: Object.freeze(
      typeof options.documents === 'string' ? [options.documents] : [...options.documents],
    ),
    output: options.output,
    schemaCache:
      cache === false
        ? false
        : Object.freeze({
            path: typeof cache === 'string' ? cache : (cache?.path ?? DEFAULT_SCHEMA_CACHE),
            ...(maxAgeMs === undefined ? {} : { maxAgeMs }),
          }),
    ...(options.refreshSchema === undefined ? {} : { refreshSchema: options.refreshSchema }),
    ...(options.credentials === undefined ? {} : { credentials: options.credentials }),
    envFile: options.envFile ?? DEFAULT_ENV_FILE,
    ...(options.scalars === undefined ? {} : { scalars: options.scalars }),
    config: options.config ?? {},
    ...(options.logger === undefined ? {} : { logger: options.logger }),
    pruneSchema: options.pruneSchema ?? true,
    generates: Object.freeze({ ...options.generates }),
  });
}

/**
 * Reads the config's env file (variables already set win): done by the door that runs a config,
 * when it runs it, before anything reads the environment.
 */
export function loadConfigEnvFile(config: AdminApiCodegenConfig, cwd = process.cwd()): void {
  if (config.envFile !== false) loadEnvFile(resolve(cwd, config.envFile));
}

// Where a config for graphql-codegen (from toGraphQLCodegenConfig) keeps the config it was made
// from, for `admin-api codegen`: not enumerable, so graphql-codegen never sees it. `Symbol.for`,
// so that a second copy of this package (the config's and the CLI's) finds it too.
const BEHIND = Symbol.for('@admin-api/codegen: the config behind a graphql-codegen config');

/** `made`, a config for graphql-codegen, keeping `config`, which it was made from. */
export function keepConfigBehind<T extends object>(made: T, config: AdminApiCodegenConfig): T {
  Object.defineProperty(made, BEHIND, { value: config });
  return made;
}

/** The config a config for graphql-codegen was made from by `toGraphQLCodegenConfig`, if it was. */
export function configBehind(value: unknown): AdminApiCodegenConfig | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  return (value as { [BEHIND]?: AdminApiCodegenConfig })[BEHIND];
}

/** Resolves a config when codegen runs: absolute paths, and `refreshSchema` from `env`. */
export function resolveCodegenOptions(
  config: AdminApiCodegenConfig,
  env: NodeJS.ProcessEnv = process.env,
  cwd = process.cwd(),
): ResolvedCodegenOptions {
  const cache = config.schemaCache;
  return {
    documents: config.documents,
    output: config.output,
    cachePath: cache === false ? false : resolve(cwd, cache.path),
    envFile: config.envFile === false ? false : resolve(cwd, config.envFile),
    maxAgeMs: cache === false ? undefined : cache.maxAgeMs,
    refreshSchema: config.refreshSchema ?? env[REFRESH_ENV_VAR] === '1',
    credentials: config.credentials,
    scalars: config.scalars,
    config: config.config,
    logger: config.logger,
    generates: config.generates,
  };
}

/**
 * The module's output `config`, as graphql-codegen's plugins and `admin-api codegen` both read
 * it: `scalars` from the options replaces any in `config`.
 */
export function outputConfig(options: {
  readonly config: Readonly<Record<string, unknown>>;
  readonly scalars?: Readonly<Record<string, string | ScalarTypes>> | undefined;
}): Record<string, unknown> {
  return { ...options.config, ...(options.scalars ? { scalars: options.scalars } : {}) };
}
