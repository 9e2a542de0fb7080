import type { FragmentDefinitionNode, OperationDefinitionNode } from 'graphql';
import type { CodegenErrorCode } from '../errors.js';
import type { DefinitionProblem, PlacedDefinition } from '../generator/collect-definitions.js';
import { RESERVED_METHODS } from '../generator/reserved-methods.js';
import { fragmentTypeName, operationNames } from '../generator/type-names.js';
import { methodName } from './method-name.js';

type Placed = PlacedDefinition<OperationDefinitionNode | FragmentDefinitionNode>;

/** One definition that cannot go into the module: the rule it breaks, in the kit's one wording. */
export interface RuleViolation {
  readonly code: CodegenErrorCode;
  /** Without the place of `at`, which the caller shows in its own terms. */
  readonly message: string;
  /** The definition it is about; reported at its name. */
  readonly at: Placed;
}

/**
 * The rulebook for definitions that cannot become one module, shared by both doors (and by the
 * generator's own check): the code and message of each {@link DefinitionProblem}. `where` names
 * the place of the other definition (`src/a.graphql:1:7`). A fragment defined alike in two files
 * is one fragment, as graphql-codegen has it: no violation.
 */
export function definitionViolation(
  problem: DefinitionProblem,
  where: (placed: Placed) => string,
): RuleViolation | undefined {
  const { at } = problem;
  const name = at.node.name?.value ?? '';
  const violation = (code: CodegenErrorCode, message: string): RuleViolation => ({
    code,
    message,
    at,
  });
  switch (problem.kind) {
    case 'anonymous':
      return violation(
        'ANONYMOUS_OPERATION',
        `anonymous ${problem.at.node.operation}: give it a name (e.g. "${problem.at.node.operation} GetMe { … }"); the name becomes the SDK method`,
      );
    case 'no-method-name':
      return violation(
        'ANONYMOUS_OPERATION',
        `${problem.at.node.operation} "${name}" has no letter or digit, so it names no SDK method: give it a name (e.g. "${problem.at.node.operation} GetMe { … }")`,
      );
    case 'same-name':
      return violation(
        'DUPLICATE_OPERATION',
        `operation "${name}" is also defined at ${where(problem.earlier)}; operation names must be unique across all documents`,
      );
    case 'same-method':
      return violation(
        'DUPLICATE_METHOD',
        `operation "${name}" maps to the SDK method ${methodName(name)}(), as "${problem.earlier.node.name?.value}" at ${where(problem.earlier)} does; rename one of them`,
      );
    case 'same-result-type':
      return violation(
        'DUPLICATE_METHOD',
        `operation "${name}" maps to the type ${operationNames(problem.at.node, name).result}, as "${problem.earlier.node.name?.value}" at ${where(problem.earlier)} does; rename one of them`,
      );
    case 'same-fragment':
      return problem.differs
        ? violation(
            'DOCUMENT_ERROR',
            `fragment "${name}" is defined differently at ${where(problem.earlier)}; a fragment name may be defined in several files only alike: rename one of them`,
          )
        : undefined;
    case 'same-fragment-type':
      return violation(
        'DOCUMENT_ERROR',
        `fragment "${name}" maps to the type ${fragmentTypeName(problem.at.node)}, as "${problem.earlier.node.name.value}" at ${where(problem.earlier)} does; rename one of them`,
      );
  }
}

/**
 * An operation whose SDK method is reserved (`then`, which would make `getSdk()`'s object a
 * thenable): `RESERVED_METHOD_NAME`, or none.
 */
export function reservedMethodViolation(operation: {
  readonly node: OperationDefinitionNode;
  readonly location: string;
  readonly name: string;
  readonly method: string;
}): RuleViolation | undefined {
  const { node, name, method } = operation;
  if (!RESERVED_METHODS.has(method)) return undefined;
  return {
    code: 'RESERVED_METHOD_NAME',
    message: `${node.operation} "${name}" maps to the SDK method ${method}(), which would make the object getSdk() returns a thenable: awaiting it would send "${name}"; rename the operation (e.g. "${node.operation} Get${name}")`,
    at: { location: operation.location, node },
  };
}
