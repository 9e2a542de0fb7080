import {
  type DefinitionNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  Kind,
  specifiedRules,
  type ValidationRule,
  validate,
} from 'graphql';
import type { CodegenDocumentFile } from './codegen-plugin-types.js';
import { CodegenError } from './errors.js';
import { sourceLocation } from './sdk-plugin/source-location.js';

// graphql-codegen's own choice: fragments and variables may go unused, and client-side
// directives are no error.
const IGNORED_RULES = ['NoUnusedFragments', 'NoUnusedVariables', 'KnownDirectives'];

/** The rules graphql-codegen validates documents by, less any the user chose to ignore. */
export function codegenValidationRules(ignore: readonly string[] = []): ValidationRule[] {
  const ignored = [...IGNORED_RULES, ...ignore];
  return specifiedRules.filter((rule) => !ignored.some((name) => rule.name.startsWith(name)));
}

/**
 * Every document as one, as codegen sees them: fragments from any file resolve, and a fragment
 * found in two files (graphql-codegen has already checked they are the same) is kept once.
 */
function combinedDocument(documents: readonly DocumentNode[]): DocumentNode {
  const operations: DefinitionNode[] = [];
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const document of documents) {
    for (const definition of document.definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) {
        fragments.set(definition.name.value, definition);
      } else {
        operations.push(definition);
      }
    }
  }
  return { kind: Kind.DOCUMENT, definitions: [...operations, ...fragments.values()] };
}

/**
 * Validates the documents against the schema with graphql-codegen's rules and throws one
 * `DOCUMENT_ERROR` listing every problem with its file, line and column.
 */
export function assertDocumentsValid(
  schema: GraphQLSchema,
  documents: readonly CodegenDocumentFile[],
  ignoreRules: readonly string[] = [],
): void {
  const combined = combinedDocument(documents.flatMap((file) => file.document ?? []));
  const errors = validate(schema, combined, codegenValidationRules(ignoreRules));
  if (errors.length === 0) return;
  const problems = errors.map((error) => {
    const node = error.nodes?.[0];
    const file = error.source?.name;
    return `${node ? sourceLocation(file, node) : (file ?? 'unknown file')}  ${error.message}`;
  });
  throw new CodegenError(
    'DOCUMENT_ERROR',
    `@admin-api/codegen: the documents do not validate against the schema:\n  ${problems.join('\n  ')}`,
  );
}
