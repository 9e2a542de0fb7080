import { outputConfig, type ResolvedCodegenOptions } from '../define-config.js';
import type { GeneratorConfig } from '../generator/index.js';
import { generatorConfig } from '../sdk-plugin/config.js';
import type { CheckOptions } from './document-diagnostics.js';

/** What `admin-api codegen` takes from `defineConfig`'s options. */
export interface RunnerSettings {
  readonly generator: GeneratorConfig;
  readonly check: CheckOptions;
  /** Keys of `config` only graphql-codegen's plugins read, to warn about once. */
  readonly ignoredConfigKeys: readonly string[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads the generator's options from the output's config as graphql-codegen's plugins do
 * (`scalars`, `clientModule`, `documentMode`, checked when the generator resolves them), and
 * `config.skipDocumentsValidation` (graphql-codegen's shapes: `true`, or
 * `{ skipValidationAgainstSchema, ignoreRules }`).
 */
export function runnerSettings(options: ResolvedCodegenOptions): RunnerSettings {
  const config = outputConfig(options);
  const generator = generatorConfig(config);
  const skip = config.skipDocumentsValidation;
  const check: CheckOptions = {
    validateAgainstSchema: !(
      skip === true ||
      (isRecord(skip) && skip.skipValidationAgainstSchema === true)
    ),
    ignoreRules:
      isRecord(skip) && Array.isArray(skip.ignoreRules)
        ? skip.ignoreRules.filter((rule): rule is string => typeof rule === 'string')
        : [],
  };
  const read = new Set(['scalars', 'clientModule', 'documentMode', 'skipDocumentsValidation']);
  const ignoredConfigKeys = Object.keys(config).filter((key) => !read.has(key));
  return { generator, check, ignoredConfigKeys: ignoredConfigKeys.sort() };
}
