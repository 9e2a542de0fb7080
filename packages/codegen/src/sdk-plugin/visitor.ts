import {
  type ClientSideBasePluginConfig,
  ClientSideBaseVisitor,
  DocumentMode,
  indentMultiline,
  type LoadedFragment,
} from '@graphql-codegen/visitor-plugin-common';
import type { GraphQLSchema, OperationDefinitionNode } from 'graphql';
import { compareCodeUnits } from '../compare-code-units.js';
import type { ResolvedSdkPluginConfig, SdkPluginConfig } from './config.js';
import { methodName } from './method-name.js';
import { leadingComment } from './source-location.js';

interface SdkOperation {
  method: string;
  comment: string | undefined;
  documentVariableName: string;
  resultType: string;
  variablesType: string;
  hasRequiredVariables: boolean;
}

/**
 * Collects every operation with the names the other codegen plugins give it (`GetMeDocument`,
 * `GetMeQuery`, `GetMeQueryVariables`), then prints `getSdk`. The document constants themselves
 * come from the typed-document-node plugin, hence `DocumentMode.external`.
 */
export class SdkVisitor extends ClientSideBaseVisitor<SdkPluginConfig, ClientSideBasePluginConfig> {
  private readonly operations: SdkOperation[] = [];

  constructor(
    schema: GraphQLSchema,
    fragments: LoadedFragment[],
    rawConfig: SdkPluginConfig,
    private readonly sdkConfig: ResolvedSdkPluginConfig,
  ) {
    super(schema, fragments, { ...rawConfig, documentMode: DocumentMode.external }, {});
  }

  override buildOperation(
    node: OperationDefinitionNode,
    documentVariableName: string,
    _operationType: string,
    operationResultType: string,
    operationVariablesTypes: string,
    hasRequiredVariables: boolean,
  ): string {
    if (node.name) {
      this.operations.push({
        method: methodName(node.name.value),
        comment: leadingComment(node),
        documentVariableName,
        resultType: operationResultType,
        variablesType: operationVariablesTypes,
        hasRequiredVariables,
      });
    }
    return '';
  }

  /** The import the SDK needs; types only, so nothing of ours runs in the generated module. */
  get sdkImports(): string[] {
    return [`import type { AdminClient, RequestOptions } from '${this.sdkConfig.clientModule}';`];
  }

  get sdkContent(): string {
    const methods = [...this.operations]
      .sort((a, b) => compareCodeUnits(a.method, b.method))
      .map(printMethod);
    return [
      '/** Typed Admin API calls, one per operation in your documents. */',
      'export function getSdk(client: AdminClient) {',
      '  return {',
      indentMultiline(methods.join('\n'), 2),
      '  };',
      '}',
      '',
      '/** The object {@link getSdk} returns. */',
      'export type Sdk = ReturnType<typeof getSdk>;',
      '',
    ].join('\n');
  }
}

function printDoc(comment: string | undefined): string[] {
  if (!comment) return [];
  const lines = comment.replaceAll('*/', '*\\/').split('\n');
  return ['/**', ...lines.map((line) => (line === '' ? ' *' : ` * ${line}`)), ' */'];
}

function printMethod(operation: SdkOperation): string {
  const variables = operation.hasRequiredVariables
    ? `variables: ${operation.variablesType}`
    : `variables?: ${operation.variablesType}`;
  return [
    ...printDoc(operation.comment),
    `${operation.method}(${variables}, options?: RequestOptions): Promise<${operation.resultType}> {`,
    `  return client.request(${operation.documentVariableName}, variables, options);`,
    '},',
  ].join('\n');
}
