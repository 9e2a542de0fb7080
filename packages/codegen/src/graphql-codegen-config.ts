import type { Types } from '@graphql-codegen/plugin-helpers';
import type { DocumentNode } from 'graphql';
import { buildConfigModule } from './build-config-module.js';
import type { GraphQLCodegenOutput } from './codegen-plugin-types.js';
import {
  type AdminApiCodegenConfig,
  type AdminApiCodegenOptions,
  defineConfig,
  keepConfigBehind,
  loadConfigEnvFile,
  outputConfig,
  resolveCodegenOptions,
} from './define-config.js';
import { createSchemaFailureRelay } from './graphql-codegen-schema-relay.js';
import { assertGraphqlCodegenCanWatch } from './graphql-codegen-watch.js';
import { createPreset } from './preset.js';
import { assertBoundedValidation } from './runner/graphql-version.js';
import { loadProjectSchema, type ProjectSchema } from './runner/project-schema.js';
import type { SchemaLogger } from './schema/load-schema.js';
import { pruneSchemaForDocuments } from './schema/prune-schema.js';

/**
 * graphql-codegen's configuration (its `CodegenConfig`), as {@link toGraphQLCodegenConfig}
 * returns it and as a hand-written config with the {@link preset} satisfies it. An interface of
 * this package, so that TypeScript can name it where it infers it (`export default
 * toGraphQLCodegenConfig(…)` under `declaration: true`): graphql-codegen's own type lives in a
 * package your project does not install.
 */
export interface GraphQLCodegenConfig extends Types.Config {}

// The two schema pointers graphql-codegen sees; distinct names, since it caches a schema by its
// pointers' names (a loader function does not show in its key).
const MODULE_SCHEMA = 'admin-api-schema';
const FULL_SCHEMA = 'admin-api-schema:full';

const stderrLogger: SchemaLogger = {
  info: (message) => process.stderr.write(`[admin-api] ${message}\n`),
  warn: (message) => process.stderr.write(`[admin-api] warning: ${message}\n`),
};

/**
 * The schema of one config, loaded by the core (`.env`, cache policy, introspection) once per
 * graphql-codegen run: every pointer that asks for it in a run gets the same load, and a pointer
 * asking again means a new run (`--watch`), which loads it afresh.
 */
function createSchemaSource(config: AdminApiCodegenConfig, logger: SchemaLogger) {
  let current: { readonly load: Promise<ProjectSchema>; readonly users: Set<string> } | undefined;
  const fresh = async () => {
    loadConfigEnvFile(config);
    return loadProjectSchema(resolveCodegenOptions(config), logger);
  };
  return {
    for(user: string): Promise<ProjectSchema> {
      if (!current || current.users.has(user)) current = { load: fresh(), users: new Set() };
      current.users.add(user);
      return current.load;
    },
    /** The load of the run under way (the preset runs after its output's schema is loaded). */
    latest(): Promise<ProjectSchema> {
      return current?.load ?? this.for('preset');
    },
  };
}

/** An output of `generates`, with the full schema beside any of its own. */
function withSchema(output: GraphQLCodegenOutput, pointer: object): Types.ConfiguredOutput {
  if (Array.isArray(output)) {
    return { plugins: [...output], schema: [pointer] } as unknown as Types.ConfiguredOutput;
  }
  const { schema } = output as { schema?: unknown };
  const own = schema === undefined ? [] : Array.isArray(schema) ? schema : [schema];
  return { ...output, schema: [pointer, ...own] } as unknown as Types.ConfiguredOutput;
}

/**
 * The same config for graphql-codegen's CLI (`graphql-codegen --config codegen.ts`) or its
 * `generate()`: the module through the {@link preset}, which runs the same core as `admin-api
 * codegen` (the same bytes and diagnostics for the same documents), and the outputs of
 * `generates` through their own plugins. The module's documents are those `admin-api codegen`
 * finds, by the config's globs with its finder and reader (a `.ts` file whose only operations are
 * `#graphql` templates too, which graphql-codegen's own loader does not list), not the files
 * graphql-codegen found; with no other output, graphql-codegen is told not to stop when it finds
 * none itself (`ignoreNoDocuments`). The schema is loaded when graphql-codegen runs, by the
 * config's rules (its env file, cache and credentials); graphql-codegen gets, for the module's
 * output, only what the documents use (`pruneSchema`; the module is generated from the full
 * schema all the same), and for every other output the full schema. Under `graphql-codegen
 * --watch` it checks, here, that graphql-codegen can load `@parcel/watcher` (`MISSING_DEPENDENCY`
 * otherwise: graphql-codegen itself would exit 0), and, always, that graphql is 16.15 or later
 * (`MISSING_DEPENDENCY`: older ones validate without a budget). `admin-api codegen` runs a config
 * made by it as it runs the config given.
 *
 * @example
 * // codegen.ts, run by `graphql-codegen --config codegen.ts` and by `admin-api codegen`
 * import { defineConfig, toGraphQLCodegenConfig } from '@admin-api/codegen';
 * export default toGraphQLCodegenConfig(
 *   defineConfig({ documents: 'src/**\/*.graphql', output: 'src/generated/admin-api.ts' }),
 * );
 */
export function toGraphQLCodegenConfig(
  options: AdminApiCodegenOptions | AdminApiCodegenConfig,
): GraphQLCodegenConfig {
  const config = defineConfig(options);
  assertGraphqlCodegenCanWatch();
  // Here, before graphql-codegen validates the documents itself: with no budget, as we would.
  assertBoundedValidation();
  const logger = config.logger ?? stderrLogger;
  const source = createSchemaSource(config, logger);
  const relay = createSchemaFailureRelay();
  const moduleSchema = relay.loader(async (): Promise<DocumentNode> => {
    const { document } = await source.for('module');
    if (!config.pruneSchema) return document;
    // Loaded only here: `admin-api codegen` never prunes.
    const { loadGraphQLDocuments } = await import('./schema/load-documents.js');
    const operations = await loadGraphQLDocuments(config.documents);
    return (operations && pruneSchemaForDocuments(document, operations)) ?? document;
  });
  const preset = relay.preset(
    createPreset({
      schema: async () => (await source.latest()).schema,
      // The documents as `admin-api codegen` finds them, by the config's globs: graphql-codegen's
      // own loader does not list a file whose only operations are `#graphql` templates.
      module: (schema, moduleConfig) =>
        buildConfigModule(resolveCodegenOptions(config), schema, moduleConfig, (line) =>
          logger.warn(line),
        ),
    }),
  );
  const others = Object.entries(config.generates).map(([path, output]) => {
    const full = { [FULL_SCHEMA]: { loader: async () => (await source.for(path)).document } };
    return [path, withSchema(output, full)] as const;
  });
  const result: GraphQLCodegenConfig = {
    documents: [...config.documents],
    // The preset finds the module's documents itself (`NO_DOCUMENTS` when no file matches), so
    // graphql-codegen's loader finding none (a project whose only operations are `#graphql`
    // templates, which it does not know) must not stop it. Not beside other outputs: their
    // plugins take graphql-codegen's documents, and it stops for them when it finds none, as it
    // does when `admin-api codegen` runs them.
    ...(others.length === 0 ? { ignoreNoDocuments: true } : {}),
    generates: {
      [config.output]: {
        schema: [{ [MODULE_SCHEMA]: { loader: moduleSchema } } as never],
        preset,
        config: outputConfig(config),
      },
      ...Object.fromEntries(others),
    },
  };
  return keepConfigBehind(result, config);
}
