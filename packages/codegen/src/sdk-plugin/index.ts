import {
  oldVisit,
  type PluginFunction,
  type PluginValidateFn,
  type Types,
} from '@graphql-codegen/plugin-helpers';
import type { LoadedFragment } from '@graphql-codegen/visitor-plugin-common';
import { concatAST, type FragmentDefinitionNode, Kind } from 'graphql';
import { resolveSdkPluginConfig, type SdkPluginConfig } from './config.js';
import { validateDocuments } from './validate-documents.js';
import { SdkVisitor } from './visitor.js';

/** Prints `getSdk(client)`: one typed method per operation, named in lowerCamelCase. */
export const plugin: PluginFunction<SdkPluginConfig, Types.ComplexPluginOutput> = (
  schema,
  documents,
  config,
) => {
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
};

/** Stops codegen, with file and line, on operations that cannot become SDK methods. */
export const validate: PluginValidateFn = (_schema, documents) => {
  validateDocuments(documents);
};

export type { SdkPluginConfig } from './config.js';
