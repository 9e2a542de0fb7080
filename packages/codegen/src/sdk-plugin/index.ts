import type { PluginFunction, PluginValidateFn, Types } from '@graphql-codegen/plugin-helpers';
import type { SdkPluginConfig } from './config.js';
import { validateDocuments } from './validate-documents.js';

/** Prints `getSdk(client)`: one typed method per operation, named in lowerCamelCase. */
export const plugin: PluginFunction<SdkPluginConfig, Types.ComplexPluginOutput> = async (
  schema,
  documents,
  config,
) => {
  // The printer pulls in graphql-codegen's visitor machinery: loaded when a plugin runs, not when
  // `codegen.ts` imports this package.
  const { printSdk } = await import('./print-sdk.js');
  return printSdk(schema, documents, config);
};

/** Stops codegen, with file and line, on operations that cannot become SDK methods. */
export const validate: PluginValidateFn = (_schema, documents) => {
  validateDocuments(documents);
};

export type { SdkPluginConfig } from './config.js';
