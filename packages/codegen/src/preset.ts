import { buildASTSchema, type GraphQLSchema } from 'graphql';
import type { AdminApiPreset, ForwardedSkipValidation } from './codegen-plugin-types.js';
import { compareCodeUnits } from './compare-code-units.js';
import { codegenSettings } from './core/codegen-settings.js';
import { buildForGraphqlCodegen } from './graphql-codegen-build.js';
import {
  readSkipDocumentsValidation,
  type SkipDocumentsValidation,
} from './skip-documents-validation.js';

/** What graphql-codegen is told after the preset checked the documents: skip it, keep the rest. */
function forwardedSkip(skip: SkipDocumentsValidation): ForwardedSkipValidation {
  if (skip.all) return true;
  return {
    ...(skip.ignoreRules === undefined ? {} : { ignoreRules: [...skip.ignoreRules] }),
    ...(skip.skipDuplicateValidation === undefined
      ? {}
      : { skipDuplicateValidation: skip.skipDuplicateValidation }),
    skipValidationAgainstSchema: true,
  };
}

/** Where a preset made by `toGraphQLCodegenConfig` takes its schema and its documents. */
export interface PresetSource {
  /** The full schema, loaded by the core as `admin-api codegen` loads it. */
  schema(): Promise<GraphQLSchema>;
  /**
   * The module for `schema` and the output's `config`, from the documents the source finds
   * itself, as `admin-api codegen` finds them: not from the files graphql-codegen found.
   */
  module(schema: GraphQLSchema, config: object): Promise<string>;
}

/**
 * The preset; with a `source`, the module is generated from its schema (not the one graphql-codegen
 * hands the output, which `toGraphQLCodegenConfig` prunes) and its documents (not the files
 * graphql-codegen found, which miss a file whose only operations are `#graphql` templates).
 */
export function createPreset(source?: PresetSource): AdminApiPreset {
  return {
    async buildGeneratesSection(options) {
      const { config } = options;
      // A bad option stops codegen here, as the CodegenError it is, not re-wrapped by graphql-codegen.
      codegenSettings(config);
      const schema =
        (await source?.schema()) ??
        options.schemaAst ??
        buildASTSchema(options.schema, { assumeValidSDL: true });
      const module = source
        ? await source.module(schema, config)
        : await buildForGraphqlCodegen(schema, options.documents, config);
      // Same inputs, same order for the plugins that go with ours, whatever the glob returned.
      const documents = [...options.documents].sort((a, b) =>
        compareCodeUnits(a.location ?? '', b.location ?? ''),
      );
      return [
        {
          filename: options.baseOutputDir,
          plugins: [{ 'admin-api': {} }, ...options.plugins],
          // The module, built above: its documents are checked already.
          pluginMap: { 'admin-api': { plugin: async () => module }, ...options.pluginMap },
          schema: options.schema,
          ...(options.schemaAst ? { schemaAst: options.schemaAst } : {}),
          documents,
          config,
          // Checked above; graphql-codegen need not do it again.
          skipDocumentsValidation: forwardedSkip(readSkipDocumentsValidation(config)),
          ...(options.documentTransforms ? { documentTransforms: options.documentTransforms } : {}),
        },
      ];
    },
  };
}

/**
 * A graphql-codegen preset that writes one module per output with `@admin-api/codegen`'s
 * generator: the schema types the documents use, operation types, a typed document per
 * operation, and `getSdk(client)`. It is a door to the same core as `admin-api codegen`: the
 * files graphql-codegen lists are read again, checked and generated as there, so the same files
 * give the same bytes and the same diagnostics (codes, `file:line:column`). graphql-codegen does
 * not list a `.ts` file whose only operations are `#graphql` templates: `toGraphQLCodegenConfig`
 * finds the documents as `admin-api codegen` does. Every error is listed in one `CodegenError`
 * coded by the first (`DOCUMENT_ERROR`, `ANONYMOUS_OPERATION`, `DUPLICATE_OPERATION`,
 * `DUPLICATE_METHOD`, `RESERVED_METHOD_NAME`, …) and warnings on stderr. What a preset throws
 * reaches the caller of graphql-codegen's `generate()` as it is, where graphql-codegen re-wraps
 * a plugin's errors in plain `Error`s. `skipDocumentsValidation` in `config` is honoured as
 * graphql-codegen would.
 *
 * @example
 * // codegen.ts, written by hand
 * import { type GraphQLCodegenConfig, preset } from '@admin-api/codegen';
 * export default { schema: 'admin-api.schema.graphql', documents: 'src/**\/*.graphql',
 *   generates: { 'src/generated/admin-api.ts': { preset } } } satisfies GraphQLCodegenConfig;
 */
export const preset: AdminApiPreset = createPreset();
