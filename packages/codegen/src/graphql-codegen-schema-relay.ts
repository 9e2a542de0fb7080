import { type DocumentNode, parse } from 'graphql';
import type { AdminApiPreset } from './codegen-plugin-types.js';
import { CodegenError } from './errors.js';

// Stands in for the schema until the preset reports why there is none; never generated from.
const PLACEHOLDER_SCHEMA = parse('type Query { schemaUnavailable: Boolean }', { noLocation: true });

/** Carries a schema loader's {@link CodegenError} past graphql-codegen to the preset. */
export interface SchemaFailureRelay {
  /** Wraps a loader: a `CodegenError` it throws is kept, and a placeholder schema returned. */
  loader(load: () => Promise<DocumentNode>): () => Promise<DocumentNode>;
  /** Wraps a preset: it throws the kept error before building anything. */
  preset(inner: AdminApiPreset): AdminApiPreset;
}

/**
 * graphql-codegen re-wraps whatever a schema loader throws in a plain `Error` (class, `code` and
 * `cause` lost; the stack and advice about other schema pointers added), while what a preset throws
 * reaches `generate()`'s AggregateError and the CLI as it is. So the loader keeps its failure and
 * lets codegen go on with a placeholder, and the preset throws the failure, class and code intact,
 * before anything is generated. Anything but a `CodegenError` (a bug) goes the usual way, stack and all.
 */
export function createSchemaFailureRelay(): SchemaFailureRelay {
  let failure: CodegenError | undefined;
  return {
    loader: (load) => async () => {
      failure = undefined;
      try {
        return await load();
      } catch (error) {
        if (!(error instanceof CodegenError)) throw error;
        failure = error;
        return PLACEHOLDER_SCHEMA;
      }
    },
    preset: (inner) => ({
      ...inner,
      buildGeneratesSection(options) {
        if (failure) throw failure;
        return inner.buildGeneratesSection(options);
      },
    }),
  };
}
