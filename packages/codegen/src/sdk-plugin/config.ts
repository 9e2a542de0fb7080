import type { GeneratorConfig } from '../generator/index.js';

/**
 * Options of the `@admin-api/codegen` plugin and preset, as written in a codegen config's
 * `config`: `scalars`, `clientModule` and `documentMode` (see {@link GeneratorConfig}). Other
 * keys are graphql-codegen's own and are ignored here.
 *
 * @example
 * generates: { 'src/generated/admin-api.ts': { preset, config: { documentMode: 'node' } } }
 */
export type SdkPluginConfig = GeneratorConfig;
