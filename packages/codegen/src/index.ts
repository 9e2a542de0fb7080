export type { ClientCredentials, Env } from '@admin-api/auth';
export type {
  AdminApiPluginFunction,
  AdminApiPluginModule,
  AdminApiPreset,
  AdminApiValidateFunction,
  CodegenDocumentFile,
  ForwardedSkipValidation,
  GenerateSection,
  GraphQLCodegenOutput,
  GraphQLCodegenPlugin,
  PresetOptions,
} from './codegen-plugin-types.js';
export {
  type AdminApiCodegenConfig,
  type AdminApiCodegenOptions,
  type AdminApiSchemaPointer,
  DEFAULT_SCHEMA_CACHE,
  defineConfig,
  REFRESH_ENV_VAR,
  type ResolvedCodegenOptions,
  type SchemaCacheOptions,
} from './define-config.js';
export { CodegenError, type CodegenErrorCode, type CodegenErrorDetails } from './errors.js';
export { DEFAULT_SCALARS, type GeneratorConfig, type ScalarTypes } from './generator/index.js';
export { type GraphQLCodegenConfig, toGraphQLCodegenConfig } from './graphql-codegen-config.js';
export { preset } from './preset.js';
export {
  type AdminApiCredentials,
  type CredentialsSource,
  credentialsFromEnvironment,
  type ProvidedCredentials,
} from './schema/credentials.js';
export {
  type IntrospectedSchema,
  type IntrospectOptions,
  introspectSchema,
} from './schema/introspect.js';
export {
  type LoadedSchema,
  type LoadSchemaOptions,
  loadSchemaSdl,
  type SchemaLogger,
} from './schema/load-schema.js';
export { readSchemaCache, type SchemaCache, writeSchemaCache } from './schema/schema-cache.js';
export { plugin, type SdkPluginConfig, validate } from './sdk-plugin/index.js';
