import {
  type DocumentNode,
  type FragmentDefinitionNode,
  Kind,
  type OperationDefinitionNode,
} from 'graphql';
import { compareCodeUnits } from '../compare-code-units.js';
import { methodName } from '../core/method-name.js';
import { sourceLocation } from '../core/source-location.js';
import { CodegenError, type CodegenErrorCode } from '../errors.js';
import { compactDefinition } from './print-documents.js';
import { reservedMethodProblems } from './reserved-methods.js';
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

/** A definition and the file it comes from. */
export interface PlacedDefinition<T extends OperationDefinitionNode | FragmentDefinitionNode> {
  readonly location: string;
  readonly node: T;
}

/**
 * A definition that cannot go into the module, as data: each caller words it and places it in its
 * own terms (the runner with file lines of `.ts` files, the plugin with the document's). Names
 * derive from the nodes (`methodName`, `operationNames`, `fragmentTypeName`).
 */
export type DefinitionProblem =
  | {
      /** No name (`anonymous`), or one with no letter or digit (`no-method-name`). */
      readonly kind: 'anonymous' | 'no-method-name';
      readonly at: PlacedDefinition<OperationDefinitionNode>;
    }
  | {
      /** The same operation name, the same SDK method, or the same result type as `earlier`. */
      readonly kind: 'same-name' | 'same-method' | 'same-result-type';
      readonly at: PlacedDefinition<OperationDefinitionNode>;
      readonly earlier: PlacedDefinition<OperationDefinitionNode>;
    }
  | {
      /** The name of `earlier` again; `differs` when its text does. */
      readonly kind: 'same-fragment';
      readonly at: PlacedDefinition<FragmentDefinitionNode>;
      readonly earlier: PlacedDefinition<FragmentDefinitionNode>;
      readonly differs: boolean;
    }
  | {
      /** Another name that maps to the type name of `earlier`. */
      readonly kind: 'same-fragment-type';
      readonly at: PlacedDefinition<FragmentDefinitionNode>;
      readonly earlier: PlacedDefinition<FragmentDefinitionNode>;
    };

/** The definitions that can go into one module, and what keeps the others out. */
export interface InspectedDefinitions extends Definitions {
  /** In source order (by location, then within the file). */
  readonly problems: readonly DefinitionProblem[];
}

/**
 * Gathers the definitions of all sources, in a fixed order whatever the order of `sources`, and
 * finds what cannot become one module: an anonymous operation, an operation name with no letter
 * or digit (it names no method), two operations with one name, or that map to one SDK method or
 * one type name, a fragment name defined twice, two fragment names that map to one type name.
 * The later definition is left out; all problems are found at once.
 */
export function inspectDefinitions(sources: readonly SourceDocuments[]): InspectedDefinitions {
  const sorted = [...sources].sort((a, b) => compareCodeUnits(a.location, b.location));
  const problems: DefinitionProblem[] = [];
  const byName = new Map<string, OperationDefinition>();
  const byMethod = new Map<string, OperationDefinition>();
  const byTypeName = new Map<string, OperationDefinition>();
  const fragments = new Map<string, FragmentDefinition>();
  const fragmentTypes = new Map<string, FragmentDefinition>();
  for (const { location, documents } of sorted) {
    for (const document of documents) {
      for (const definition of document.definitions) {
        if (definition.kind === Kind.FRAGMENT_DEFINITION) {
          const at = { location, node: definition };
          const name = definition.name.value;
          const text = compactDefinition(definition);
          const earlier = fragments.get(name);
          if (earlier) {
            problems.push({ kind: 'same-fragment', at, earlier, differs: earlier.text !== text });
            continue;
          }
          const fragment = { node: definition, location, text };
          const typeName = fragmentTypeName(definition);
          const sameType = fragmentTypes.get(typeName);
          if (sameType) {
            problems.push({ kind: 'same-fragment-type', at, earlier: sameType });
          } else fragmentTypes.set(typeName, fragment);
          fragments.set(name, fragment);
          continue;
        }
        if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
        const at = { location, node: definition };
        if (!definition.name) {
          problems.push({ kind: 'anonymous', at });
          continue;
        }
        const name = definition.name.value;
        const method = methodName(name);
        if (method === '') {
          problems.push({ kind: 'no-method-name', at });
          continue;
        }
        const operation: OperationDefinition = {
          node: definition,
          location,
          name,
          method,
          names: operationNames(definition, name),
        };
        const sameName = byName.get(name);
        const sameMethod = byMethod.get(method);
        const sameType = byTypeName.get(operation.names.result);
        if (sameName) problems.push({ kind: 'same-name', at, earlier: sameName });
        else if (sameMethod) problems.push({ kind: 'same-method', at, earlier: sameMethod });
        else if (sameType) problems.push({ kind: 'same-result-type', at, earlier: sameType });
        else {
          byName.set(name, operation);
          byMethod.set(method, operation);
          byTypeName.set(operation.names.result, operation);
        }
      }
    }
  }
  const operations = [...byMethod.values()].sort((a, b) => compareCodeUnits(a.name, b.name));
  return { operations, fragments, problems };
}

const name = (node: OperationDefinitionNode | FragmentDefinitionNode) => node.name?.value ?? '';

/** `file:line:column` in the document's own lines and columns. */
const where = ({
  location,
  node,
}: PlacedDefinition<OperationDefinitionNode | FragmentDefinitionNode>) =>
  sourceLocation(location, node);

/**
 * How generateModule and the graphql-codegen plugin word a problem (`undefined`: none for them,
 * a fragment defined alike twice is one fragment).
 */
function describe(problem: DefinitionProblem): [CodegenErrorCode, string] | undefined {
  const here = `${where(problem.at)}: `;
  switch (problem.kind) {
    case 'anonymous':
      return [
        'ANONYMOUS_OPERATION',
        `${here}anonymous ${problem.at.node.operation}. Give it a name (e.g. "${problem.at.node.operation} GetMe { … }"): the name becomes the SDK method.`,
      ];
    case 'no-method-name':
      return [
        'ANONYMOUS_OPERATION',
        `${here}${problem.at.node.operation} "${name(problem.at.node)}" has no letter or digit, so it names no SDK method. Give it a name (e.g. "${problem.at.node.operation} GetMe { … }").`,
      ];
    case 'same-name':
      return [
        'DUPLICATE_OPERATION',
        `${here}operation "${name(problem.at.node)}" is also defined at ${where(problem.earlier)}; operation names must be unique across all documents.`,
      ];
    case 'same-method':
      return [
        'DUPLICATE_METHOD',
        `${here}operation "${name(problem.at.node)}" maps to the SDK method "${methodName(name(problem.at.node))}()", as "${name(problem.earlier.node)}" at ${where(problem.earlier)} does. Rename one of them.`,
      ];
    case 'same-result-type':
      return [
        'DUPLICATE_METHOD',
        `${here}operation "${name(problem.at.node)}" maps to the type "${operationNames(problem.at.node, name(problem.at.node)).result}", as "${name(problem.earlier.node)}" at ${where(problem.earlier)} does. Rename one of them.`,
      ];
    case 'same-fragment':
      return problem.differs
        ? [
            'DOCUMENT_ERROR',
            `${here}fragment "${name(problem.at.node)}" is defined differently at ${where(problem.earlier)}. Rename one of them.`,
          ]
        : undefined;
    case 'same-fragment-type':
      return [
        'DOCUMENT_ERROR',
        `${here}fragment "${name(problem.at.node)}" maps to the type "${fragmentTypeName(problem.at.node)}", as "${name(problem.earlier.node)}" at ${where(problem.earlier)} does. Rename one of them.`,
      ];
  }
}

/**
 * {@link inspectDefinitions} for generateModule and the graphql-codegen plugin: throws one
 * `CodegenError` listing every problem (`ANONYMOUS_OPERATION`, `DUPLICATE_METHOD` with both
 * locations, `DOCUMENT_ERROR` for fragments, `RESERVED_METHOD_NAME` for an operation that would
 * be the SDK's `then`), coded by the first; a fragment defined alike in two files is one fragment.
 */
export function collectDefinitions(sources: readonly SourceDocuments[]): Definitions {
  const { operations, fragments, problems } = inspectDefinitions(sources);
  const described = problems.flatMap((problem) => {
    const line = describe(problem);
    return line ? [line] : [];
  });
  for (const line of reservedMethodProblems(operations)) {
    described.push(['RESERVED_METHOD_NAME', line]);
  }
  const first = described[0];
  if (first) {
    throw new CodegenError(
      first[0],
      `@admin-api/codegen cannot generate the SDK:\n  ${described.map(([, line]) => line).join('\n  ')}`,
    );
  }
  return { operations, fragments };
}
