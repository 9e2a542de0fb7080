import { oldVisit, type Types } from '@graphql-codegen/plugin-helpers';
import type { LoadedFragment } from '@graphql-codegen/visitor-plugin-common';
import { concatAST, type FragmentDefinitionNode, type GraphQLSchema, Kind } from 'graphql';
import { resolveSdkPluginConfig, type SdkPluginConfig } from './config.js';
import { SdkVisitor } from './visitor.js';

/** The SDK plugin's work: `getSdk(client)` and the import it needs. */
export function printSdk(
  schema: GraphQLSchema,
  documents: readonly Types.DocumentFile[],
  config: SdkPluginConfig,
): Types.ComplexPluginOutput {
  const allAst = concatAST(documents.flatMap((file) => (file.document ? [file.document] : [])));
  const fragments: LoadedFragment[] = allAst.definitions
    .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
    .map((node) => ({
      node,
      name: node.name.value,
      onType: node.typeCondition.name.value,
      isExternal: false,
    }));
  const visitor = new SdkVisitor(schema, fragments, config, resolveSdkPluginConfig(config));
  oldVisit(allAst, { leave: visitor });
  return { prepend: visitor.sdkImports, content: visitor.sdkContent };
}
