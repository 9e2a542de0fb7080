import type { Types } from '@graphql-codegen/plugin-helpers';
import { Kind, type OperationDefinitionNode } from 'graphql';
import { CodegenError } from '../errors.js';
import { methodName } from './method-name.js';
import { sourceLocation } from './source-location.js';

/**
 * Rejects what cannot become an SDK method: anonymous operations, and two operations whose
 * names map to the same method. Every problem is reported with its file and line, all at once.
 */
export function validateDocuments(documents: readonly Types.DocumentFile[]): void {
  const problems: string[] = [];
  let code: 'ANONYMOUS_OPERATION' | 'DUPLICATE_METHOD' | undefined;
  const seen = new Map<string, { name: string; where: string }>();
  for (const file of documents) {
    for (const definition of file.document?.definitions ?? []) {
      if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
      const operation = definition as OperationDefinitionNode;
      const where = sourceLocation(file.location, operation);
      if (!operation.name) {
        code ??= 'ANONYMOUS_OPERATION';
        problems.push(
          `${where}: anonymous ${operation.operation}. Give it a name (e.g. "${operation.operation} GetMe { … }"): the name becomes the SDK method.`,
        );
        continue;
      }
      const name = operation.name.value;
      const method = methodName(name);
      const earlier = seen.get(method);
      if (earlier) {
        code ??= 'DUPLICATE_METHOD';
        problems.push(
          `${where}: operation "${name}" maps to the SDK method "${method}()", as "${earlier.name}" at ${earlier.where} does. Rename one of them.`,
        );
        continue;
      }
      seen.set(method, { name, where });
    }
  }
  if (code)
    throw new CodegenError(
      code,
      `@admin-api/codegen cannot generate the SDK:\n  ${problems.join('\n  ')}`,
    );
}
