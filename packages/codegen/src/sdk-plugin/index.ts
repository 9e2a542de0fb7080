import type { AdminApiPluginFunction, AdminApiValidateFunction } from '../codegen-plugin-types.js';
import { generateModule } from '../generator/index.js';
import { generatorConfig } from './config.js';
import { toSources, validateDocuments } from './validate-documents.js';

/**
 * The whole module from `@admin-api/codegen`'s generator: the schema types the documents use,
 * operation types, a document per operation and `getSdk(client)`. The same bytes as
 * `admin-api codegen` writes for the same inputs.
 */
export const plugin: AdminApiPluginFunction = (schema, documents, config) =>
  generateModule(schema, toSources(documents), generatorConfig(config));

/** Stops codegen, with file and line, on operations that cannot become SDK methods. */
export const validate: AdminApiValidateFunction = (_schema, documents) => {
  validateDocuments(documents);
};

export type { SdkPluginConfig } from './config.js';
