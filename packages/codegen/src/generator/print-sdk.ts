import { compareCodeUnits } from '../compare-code-units.js';
import type { CompiledOperation } from './compile-definition.js';
import type { ResolvedGeneratorConfig } from './config.js';
import { tsdoc } from './module-parts.js';

/**
 * `Sdk` and `getSdk(client)`: one method per operation, sorted by name, each the client's
 * `request` bound to the operation's document. `RequestArgs` makes `variables` required exactly
 * when the operation has a required variable, and adds the per-call `options`. `Sdk` is spelled
 * out, not `ReturnType<typeof getSdk>`, so `getSdk` has a declared return type: consumers
 * compiling with `isolatedDeclarations` accept the module, and hovers show the TSDoc.
 */
export function printSdk(
  operations: readonly CompiledOperation[],
  config: ResolvedGeneratorConfig,
): string {
  const sorted = [...operations].sort((a, b) =>
    compareCodeUnits(a.operation.method, b.operation.method),
  );
  return [printSdkType(sorted), '', printGetSdk(sorted, config)].join('\n');
}

/** `export type Sdk = { getMe: (...args: RequestArgs<GetMeQueryVariables>) => Promise<GetMeQuery>; … };` */
function printSdkType(operations: readonly CompiledOperation[]): string {
  const doc =
    '/** Typed Admin API calls, one per operation in your documents: what {@link getSdk} returns. */';
  if (operations.length === 0) return `${doc}\nexport type Sdk = Record<string, never>;`;
  const members = operations.map(({ operation, comment }) => {
    const { variables, result } = operation.names;
    const signature = `(...args: RequestArgs<${variables}>) => Promise<${result}>`;
    return `${tsdoc(comment, '  ')}  ${operation.method}: ${signature};`;
  });
  return [doc, 'export type Sdk = {', ...members, '};'].join('\n');
}

/** `export function getSdk(client: AdminClient): Sdk { … }` */
function printGetSdk(
  operations: readonly CompiledOperation[],
  config: ResolvedGeneratorConfig,
): string {
  const doc = '/** Binds each operation in your documents to `client`. */';
  if (operations.length === 0) {
    return [doc, 'export function getSdk(_client: AdminClient): Sdk {', '  return {};', '}'].join(
      '\n',
    );
  }
  const documentType =
    config.documentMode === 'string' ? 'TypedDocumentString' : 'TypedDocumentNode';
  return [
    doc,
    'export function getSdk(client: AdminClient): Sdk {',
    `  const call = <R, V extends object>(document: ${documentType}<R, V>) =>`,
    '    (...args: RequestArgs<V>): Promise<R> => client.request(document, ...args);',
    '  return {',
    ...operations.map(
      ({ operation }) => `    ${operation.method}: call(${operation.names.document}),`,
    ),
    '  };',
    '}',
  ].join('\n');
}
