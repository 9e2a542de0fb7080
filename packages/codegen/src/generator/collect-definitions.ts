import {
  type ASTNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  Kind,
  type OperationDefinitionNode,
} from 'graphql';
import { compareCodeUnits } from '../compare-code-units.js';
import { CodegenError, type CodegenErrorCode } from '../errors.js';
import { methodName } from '../sdk-plugin/method-name.js';
import { sourceLocation } from '../sdk-plugin/source-location.js';
import { compactDefinition } from './print-documents.js';
import { fragmentTypeName, type OperationNames, operationNames } from './type-names.js';

/** One file's documents, already parsed and validated against the schema by the caller. */
export interface SourceDocuments {
  readonly location: string;
  readonly documents: readonly DocumentNode[];
}

export interface OperationDefinition {
  readonly node: OperationDefinitionNode;
  /** The file it comes from. */
  readonly location: string;
  readonly name: string;
  readonly method: string;
  readonly names: OperationNames;
}

export interface FragmentDefinition {
  readonly node: FragmentDefinitionNode;
  /** The file it comes from. */
  readonly location: string;
  /** Its compact text: what documents embed, and what tells two definitions apart. */
  readonly text: string;
}

/** Every operation and fragment of the sources, checked to make one module. */
export interface Definitions {
  /** Sorted by name, by code unit. */
  readonly operations: readonly OperationDefinition[];
  readonly fragments: ReadonlyMap<string, FragmentDefinition>;
}

class Problems {
  code: CodegenErrorCode | undefined;
  readonly lines: string[] = [];

  add(code: CodegenErrorCode, line: string): void {
    this.code ??= code;
    this.lines.push(line);
  }
}

/**
 * Gathers the definitions of all sources, in a fixed order whatever the order of `sources`, and
 * rejects what cannot become one module: an anonymous operation (`ANONYMOUS_OPERATION`), two
 * operations that map to one SDK method or one type name (`DUPLICATE_METHOD`, with both
 * locations), an operation name with no letter or digit (`ANONYMOUS_OPERATION`: it names no
 * method), a fragment name defined twice differently or two fragment names that map to one type
 * name (`DOCUMENT_ERROR`). Every problem is reported at once.
 */
export function collectDefinitions(sources: readonly SourceDocuments[]): Definitions {
  const sorted = [...sources].sort((a, b) => compareCodeUnits(a.location, b.location));
  const problems = new Problems();
  const byMethod = new Map<string, OperationDefinition>();
  const byTypeName = new Map<string, OperationDefinition>();
  const fragments = new Map<string, FragmentDefinition>();
  const fragmentTypes = new Map<string, FragmentDefinition>();
  // Only a message needs a line and column: found then, not for every definition.
  const where = (definition: { location: string; node: ASTNode }) =>
    sourceLocation(definition.location, definition.node);
  for (const { location, documents } of sorted) {
    for (const document of documents) {
      for (const definition of document.definitions) {
        const here = { location, node: definition };
        if (definition.kind === Kind.FRAGMENT_DEFINITION) {
          const name = definition.name.value;
          const text = compactDefinition(definition);
          const earlier = fragments.get(name);
          if (!earlier) {
            const fragment = { node: definition, location, text };
            const typeName = fragmentTypeName(definition);
            const sameType = fragmentTypes.get(typeName);
            if (sameType) {
              problems.add(
                'DOCUMENT_ERROR',
                `${where(here)}: fragment "${name}" maps to the type "${typeName}", as "${sameType.node.name.value}" at ${where(sameType)} does. Rename one of them.`,
              );
            } else fragmentTypes.set(typeName, fragment);
            fragments.set(name, fragment);
          } else if (earlier.text !== text) {
            problems.add(
              'DOCUMENT_ERROR',
              `${where(here)}: fragment "${name}" is defined differently at ${where(earlier)}. Rename one of them.`,
            );
          }
          continue;
        }
        if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
        if (!definition.name) {
          problems.add(
            'ANONYMOUS_OPERATION',
            `${where(here)}: anonymous ${definition.operation}. Give it a name (e.g. "${definition.operation} GetMe { … }"): the name becomes the SDK method.`,
          );
          continue;
        }
        const name = definition.name.value;
        if (methodName(name) === '') {
          problems.add(
            'ANONYMOUS_OPERATION',
            `${where(here)}: ${definition.operation} "${name}" has no letter or digit, so it names no SDK method. Give it a name (e.g. "${definition.operation} GetMe { … }").`,
          );
          continue;
        }
        const operation: OperationDefinition = {
          node: definition,
          location,
          name,
          method: methodName(name),
          names: operationNames(definition, name),
        };
        const earlier = byMethod.get(operation.method);
        if (earlier) {
          problems.add(
            'DUPLICATE_METHOD',
            `${where(here)}: operation "${name}" maps to the SDK method "${operation.method}()", as "${earlier.name}" at ${where(earlier)} does. Rename one of them.`,
          );
          continue;
        }
        const sameType = byTypeName.get(operation.names.result);
        if (sameType) {
          problems.add(
            'DUPLICATE_METHOD',
            `${where(here)}: operation "${name}" maps to the type "${operation.names.result}", as "${sameType.name}" at ${where(sameType)} does. Rename one of them.`,
          );
          continue;
        }
        byMethod.set(operation.method, operation);
        byTypeName.set(operation.names.result, operation);
      }
    }
  }
  if (problems.code) {
    throw new CodegenError(
      problems.code,
      `@admin-api/codegen cannot generate the SDK:\n  ${problems.lines.join('\n  ')}`,
    );
  }
  const operations = [...byMethod.values()].sort((a, b) => compareCodeUnits(a.name, b.name));
  return { operations, fragments };
}
