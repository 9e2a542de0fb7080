import type { DocumentNode, GraphQLSchema } from 'graphql';
import type { SdkPluginConfig } from './sdk-plugin/config.js';

// Our own names for the parts of graphql-codegen's plugin and preset contracts we use: its
// `Types.OutputPreset` and `PluginFunction` are full of `any`, which our public types must not
// carry. Each one here is assignable to graphql-codegen's (checked where `toGraphQLCodegenConfig`
// builds a config), so `{ preset }` and `{ plugin, validate }` fit a `CodegenConfig` as they are.

/** A document file as graphql-codegen hands it to presets and plugins: what we read of it. */
export interface CodegenDocumentFile {
  readonly document?: DocumentNode | undefined;
  readonly location?: string | undefined;
}

/** graphql-codegen's `PluginFunction` for our plugin: the whole module, as a string. */
export type AdminApiPluginFunction = (
  schema: GraphQLSchema,
  documents: readonly CodegenDocumentFile[],
  config: SdkPluginConfig,
) => Promise<string>;

/**
 * graphql-codegen's `PluginValidateFn` for our plugin: rejects, with the kit's diagnostics, on
 * documents it cannot generate.
 */
export type AdminApiValidateFunction = (
  schema: GraphQLSchema,
  documents: readonly CodegenDocumentFile[],
  config?: SdkPluginConfig,
) => Promise<void>;

/** What graphql-codegen passes a preset for one output: the part the preset reads or forwards. */
export interface PresetOptions {
  readonly baseOutputDir: string;
  readonly config: object;
  readonly documents: readonly CodegenDocumentFile[];
  readonly schema: DocumentNode;
  readonly schemaAst?: GraphQLSchema | undefined;
  readonly plugins: readonly object[];
  readonly pluginMap: object;
  readonly documentTransforms?: readonly object[] | undefined;
}

/**
 * The plugin module the preset registers under the name `admin-api`: no `validate`, the preset
 * has checked the documents already.
 */
export interface AdminApiPluginModule {
  readonly plugin: AdminApiPluginFunction;
}

/** graphql-codegen's `skipDocumentsValidation`, as the preset hands it on. */
export type ForwardedSkipValidation =
  | true
  | {
      ignoreRules?: string[];
      skipDuplicateValidation?: boolean;
      skipValidationAgainstSchema: true;
    };

/**
 * One output of the preset (graphql-codegen's `GenerateOptions`); what it forwards keeps the type
 * graphql-codegen gave it.
 */
export type GenerateSection<Options extends PresetOptions> = {
  filename: string;
  plugins: (Options['plugins'][number] | { 'admin-api': Record<string, never> })[];
  pluginMap: Options['pluginMap'] & { 'admin-api': AdminApiPluginModule };
  schema: DocumentNode;
  schemaAst?: GraphQLSchema;
  documents: Options['documents'][number][];
  config: Options['config'];
  skipDocumentsValidation: ForwardedSkipValidation;
  documentTransforms?: NonNullable<Options['documentTransforms']>;
};

/** graphql-codegen's `OutputPreset`, for the `@admin-api/codegen` preset. */
export interface AdminApiPreset {
  readonly buildGeneratesSection: <Options extends PresetOptions>(
    options: Options,
  ) => Promise<GenerateSection<Options>[]>;
}

/** A plugin of a graphql-codegen output: its name, or `{ name: options }`. */
export type GraphQLCodegenPlugin = string | Readonly<Record<string, unknown>>;

/**
 * One output of graphql-codegen's `generates` (its `ConfiguredOutput`, or a list of plugins), as
 * `defineConfig`'s `generates` takes it: what the kit reads of it is typed, graphql-codegen reads
 * the rest.
 */
export type GraphQLCodegenOutput =
  | readonly GraphQLCodegenPlugin[]
  | {
      readonly plugins?: readonly GraphQLCodegenPlugin[];
      /** A preset by name (`'client'`) or as an object. */
      readonly preset?: string | object;
      readonly presetConfig?: Readonly<Record<string, unknown>>;
      readonly config?: Readonly<Record<string, unknown>>;
      /** A schema of its own, merged with the one the kit gives every output (graphql-codegen's rule). */
      readonly schema?: unknown;
      /** More documents, beside the config's. */
      readonly documents?: string | readonly string[];
      readonly [option: string]: unknown;
    };
