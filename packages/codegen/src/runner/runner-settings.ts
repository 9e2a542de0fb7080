import { basename } from 'node:path';
import { outputConfig, type ResolvedCodegenOptions } from '../define-config.js';
import { type ResolvedGeneratorConfig, resolveGeneratorConfig } from '../generator/config.js';
import { generatorConfig } from '../sdk-plugin/config.js';
import { readSkipDocumentsValidation } from '../skip-documents-validation.js';
import type { CheckOptions } from './document-diagnostics.js';

/** What `admin-api codegen` takes from `defineConfig`'s options. */
export interface RunnerSettings {
  /** Resolved here, once: every generator the project makes (one per schema) takes it. */
  readonly generator: ResolvedGeneratorConfig;
  readonly check: CheckOptions;
  /** Keys of `config` only graphql-codegen's plugins read, to warn about once. */
  readonly ignoredConfigKeys: readonly string[];
  /** The config file's name, for messages (`codegen.ts`, or what `--config` named). */
  readonly configName: string;
}

/**
 * Reads the generator's options from the output's config as graphql-codegen's plugins do
 * (`scalars`, `clientModule`, `documentMode`, resolved here, so a bad one is refused with
 * INVALID_OPTION before the schema step sends the client secret), and
 * `config.skipDocumentsValidation` (graphql-codegen's shapes: `true`, or
 * `{ skipValidationAgainstSchema, ignoreRules }`).
 */
export function runnerSettings(
  options: ResolvedCodegenOptions,
  configFile: string,
): RunnerSettings {
  const config = outputConfig(options);
  const generator = resolveGeneratorConfig(generatorConfig(config));
  const skip = readSkipDocumentsValidation(config);
  const check: CheckOptions = {
    validateAgainstSchema: skip.againstSchema,
    ignoreRules: skip.ignoreRules ?? [],
  };
  const read = new Set(['scalars', 'clientModule', 'documentMode', 'skipDocumentsValidation']);
  const ignoredConfigKeys = Object.keys(config).filter((key) => !read.has(key));
  return {
    generator,
    check,
    ignoredConfigKeys: ignoredConfigKeys.sort(),
    configName: basename(configFile),
  };
}
