import { compareCodeUnits } from '../compare-code-units.js';
import type { CompiledOperation } from './compile-definition.js';
import type { ResolvedGeneratorConfig } from './config.js';
import { tsdoc } from './module-parts.js';

/**
 * `getSdk(client)`: one method per operation, sorted by name, each the client's `request` bound
 * to the operation's document. `RequestArgs` makes `variables` required exactly when the
 * operation has a required variable, and adds the per-call `options`.
 */
export function printSdk(
  operations: readonly CompiledOperation[],
  config: ResolvedGeneratorConfig,
): string {
  const documentType =
    config.documentMode === 'string' ? 'TypedDocumentString' : 'TypedDocumentNode';
  const methods = [...operations]
    .sort((a, b) => compareCodeUnits(a.operation.method, b.operation.method))
    .map(
      ({ operation, comment }) =>
        `${tsdoc(comment, '    ')}    ${operation.method}: call(${operation.names.document}),`,
    );
  const body =
    methods.length === 0
      ? ['export function getSdk(_client: AdminClient) {', '  return {};', '}']
      : [
          'export function getSdk(client: AdminClient) {',
          `  const call = <R, V extends object>(document: ${documentType}<R, V>) =>`,
          '    (...args: RequestArgs<V>): Promise<R> => client.request(document, ...args);',
          '  return {',
          ...methods,
          '  };',
          '}',
        ];
  return [
    '/** Typed Admin API calls, one per operation in your documents. */',
    ...body,
    '',
    '/** The object {@link getSdk} returns. */',
    'export type Sdk = ReturnType<typeof getSdk>;',
  ].join('\n');
}
