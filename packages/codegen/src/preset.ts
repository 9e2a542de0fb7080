import { buildASTSchema } from 'graphql';
import type { AdminApiPreset, ForwardedSkipValidation } from './codegen-plugin-types.js';
import { compareCodeUnits } from './compare-code-units.js';
import { resolveGeneratorConfig } from './generator/config.js';
import { generateResolvedModule } from './generator/index.js';
import { generatorConfig } from './sdk-plugin/config.js';
import { toSources, validateDocuments } from './sdk-plugin/validate-documents.js';
import {
  readSkipDocumentsValidation,
  type SkipDocumentsValidation,
} from './skip-documents-validation.js';
import { assertDocumentsValid } from './validate-against-schema.js';

/** What graphql-codegen is told after the preset validated: skip it, keep the rest as given. */
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

/**
 * A graphql-codegen preset that writes one module per output with `@admin-api/codegen`'s
 * generator: the schema types the documents use, operation types, a typed document per
 * operation, and `getSdk(client)`.
 *
 * It validates the options (`INVALID_OPTION`) and the documents itself, against the schema
 * (`DOCUMENT_ERROR`) and as SDK methods (`ANONYMOUS_OPERATION`, `DUPLICATE_METHOD`), because what a preset throws reaches the caller
 * of graphql-codegen's `generate()` as the {@link CodegenError} it is, where graphql-codegen
 * re-wraps its own validation's and a plugin's errors in plain `Error`s. `skipDocumentsValidation`
 * in `config` is honoured as graphql-codegen would.
 *
 * @example
 * // codegen.ts, written by hand
 * import { type AdminApiCodegenConfig, preset } from '@admin-api/codegen';
 * export default { schema: 'admin-api.schema.graphql', documents: 'src/**\/*.graphql',
 *   generates: { 'src/generated/admin-api.ts': { preset } } } satisfies AdminApiCodegenConfig;
 */
export const preset: AdminApiPreset = {
  buildGeneratesSection(options) {
    const { config } = options;
    // A bad option stops codegen here, as the CodegenError it is, not re-wrapped by graphql-codegen.
    const resolved = resolveGeneratorConfig(generatorConfig(config));
    // Same inputs, same bytes: documents in a stable order whatever the glob returned.
    const documents = [...options.documents].sort((a, b) =>
      compareCodeUnits(a.location ?? '', b.location ?? ''),
    );
    const skip = readSkipDocumentsValidation(config);
    if (skip.againstSchema) {
      assertDocumentsValid(
        options.schemaAst ?? buildASTSchema(options.schema, { assumeValidSDL: true }),
        documents,
        skip.ignoreRules,
      );
    }
    validateDocuments(documents);
    return [
      {
        filename: options.baseOutputDir,
        plugins: [{ 'admin-api': {} }, ...options.plugins],
        // The plugin alone: its `validate` would check the documents a second time.
        pluginMap: {
          'admin-api': {
            plugin: (schema, files) => generateResolvedModule(schema, toSources(files), resolved),
          },
          ...options.pluginMap,
        },
        schema: options.schema,
        ...(options.schemaAst ? { schemaAst: options.schemaAst } : {}),
        documents,
        config,
        // Validated above; graphql-codegen need not do it again.
        skipDocumentsValidation: forwardedSkip(skip),
        ...(options.documentTransforms ? { documentTransforms: options.documentTransforms } : {}),
      },
    ];
  },
};
