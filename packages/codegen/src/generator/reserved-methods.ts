import { sourceLocation } from '../core/source-location.js';
import { CodegenError } from '../errors.js';
import type { OperationDefinition } from './collect-definitions.js';

/**
 * SDK methods no operation may give `getSdk()`. A `then` method makes the SDK object a thenable:
 * `await getSdk(client)`, or returning it from an async function, calls
 * `sdk.then(resolve, reject)`, which sends that operation instead, and its promise never settles
 * the caller's. Other names of `Object.prototype` (`toString`, `valueOf`) are only called when
 * the object is made a string or a number, which code does not do with an SDK. Refused rather
 * than renamed: a renamed method (`then_`) is one users could not guess from the operation's name.
 */
export const RESERVED_METHODS: ReadonlySet<string> = new Set(['then']);

/** `file:line:column: …` for each operation whose method is reserved, in the given order. */
export function reservedMethodProblems(operations: readonly OperationDefinition[]): string[] {
  return operations
    .filter(({ method }) => RESERVED_METHODS.has(method))
    .map(
      ({ node, location, name, method }) =>
        `${sourceLocation(location, node)}: ${node.operation} "${name}" maps to the SDK method "${method}()", which would make the object getSdk() returns a thenable: awaiting it would send "${name}". Rename the operation (e.g. "${node.operation} Get${name}").`,
    );
}

/** Throws `RESERVED_METHOD_NAME` listing every operation whose SDK method is reserved. */
export function refuseReservedMethods(operations: readonly OperationDefinition[]): void {
  const problems = reservedMethodProblems(operations);
  if (problems.length === 0) return;
  throw new CodegenError(
    'RESERVED_METHOD_NAME',
    `@admin-api/codegen cannot generate the SDK:\n  ${problems.join('\n  ')}`,
  );
}
