import type { ResolvedCodegenOptions } from '../define-config.js';
import type { GeneratorConfig } from '../generator/index.js';
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

function stringRecord(value: unknown): Record<string, string> {
  return isRecord(value)
    ? Object.fromEntries(
        Object.entries(value).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      )
    : {};
}

/**
 * Reads `scalars`, `config.clientModule`, `config.documentMode` and `config.skipDocumentsValidation`
 * (graphql-codegen's shapes: `true`, or `{ skipValidationAgainstSchema, ignoreRules }`).
 */
export function runnerSettings(options: ResolvedCodegenOptions): RunnerSettings {
  const { config } = options;
  const ignoredConfigKeys: string[] = [];
  const generator: { -readonly [K in keyof GeneratorConfig]: GeneratorConfig[K] } = {};
  const scalars = { ...stringRecord(config.scalars), ...options.scalars };
  if (Object.keys(scalars).length > 0) generator.scalars = scalars;
  if (typeof config.clientModule === 'string') generator.clientModule = config.clientModule;
  if (config.documentMode === 'string') generator.documentMode = 'string';
  else if (config.documentMode === 'documentNode' || config.documentMode === 'node')
    generator.documentMode = 'node';
  else if (config.documentMode !== undefined) ignoredConfigKeys.push('documentMode');

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
  ignoredConfigKeys.push(...Object.keys(config).filter((key) => !read.has(key)));
  return { generator, check, ignoredConfigKeys: ignoredConfigKeys.sort() };
}
