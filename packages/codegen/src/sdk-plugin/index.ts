import type { GraphQLSchema } from 'graphql';
import type {
  AdminApiPluginFunction,
  AdminApiValidateFunction,
  CodegenDocumentFile,
} from '../codegen-plugin-types.js';
import { buildForGraphqlCodegen } from '../graphql-codegen-build.js';

// graphql-codegen calls `validate`, then `plugin`, with the same documents: one build serves both.
const builds = new WeakMap<
  readonly CodegenDocumentFile[],
  { schema: GraphQLSchema; config: object; module: Promise<string> }
>();

function build(
  schema: GraphQLSchema,
  documents: readonly CodegenDocumentFile[],
  config: object,
): Promise<string> {
  const known = builds.get(documents);
  if (known?.schema === schema && known.config === config) return known.module;
  const module = buildForGraphqlCodegen(schema, documents, config);
  builds.set(documents, { schema, config, module });
  return module;
}

/**
 * The whole module from `@admin-api/codegen`'s core: the schema types the documents use, operation
 * types, a document per operation and `getSdk(client)`. The same bytes and diagnostics as
 * `admin-api codegen` for the same files, once graphql-codegen's own checks of the documents,
 * which run before any plugin, have passed (the preset runs ours instead of them).
 */
export const plugin: AdminApiPluginFunction = (schema, documents, config) =>
  build(schema, documents, config);

/** Rejects, with every diagnostic's file and line, on documents that cannot become the module. */
export const validate: AdminApiValidateFunction = async (schema, documents, config = {}) => {
  await build(schema, documents, config);
};

export type { SdkPluginConfig } from './config.js';
