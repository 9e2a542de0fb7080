import {
  type GeneratorConfig,
  type ResolvedGeneratorConfig,
  resolveGeneratorConfig,
} from '../generator/config.js';
import type { CheckOptions } from '../runner/document-diagnostics.js';
import { readSkipDocumentsValidation } from '../skip-documents-validation.js';

/** The keys of an output's `config` that the kit reads; graphql-codegen's plugins read the rest. */
const READ_KEYS: ReadonlySet<string> = new Set([
  'scalars',
  'clientModule',
  'documentMode',
  'skipDocumentsValidation',
]);

/** How one output is checked and generated, whichever door runs it. */
export interface CodegenSettings {
  /** Resolved once: every generator made for the output (one per schema) takes it. */
  readonly generator: ResolvedGeneratorConfig;
  readonly check: CheckOptions;
  /** The keys of `config` the kit does not read, sorted: only graphql-codegen's plugins do. */
  readonly otherKeys: readonly string[];
}

/** The keys of an output's `config` that the kit reads, as given: what its builds depend on. */
export function kitConfig(config: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(config).filter(([key]) => READ_KEYS.has(key)));
}

/**
 * The generator's options out of an output's `config`, which may hold graphql-codegen's own too.
 * Their values are checked when the generator resolves them.
 */
export function generatorConfig(config: object): GeneratorConfig {
  const { scalars, clientModule, documentMode } = config as GeneratorConfig;
  return {
    ...(scalars === undefined ? {} : { scalars }),
    ...(clientModule === undefined ? {} : { clientModule }),
    ...(documentMode === undefined ? {} : { documentMode }),
  };
}

/**
 * Reads an output's `config` as graphql-codegen's plugins read it: the generator's options
 * (`scalars`, `clientModule`, `documentMode`, resolved here, so that a bad one is refused with
 * `INVALID_OPTION` before the schema is loaded) and `skipDocumentsValidation` (`true`, or
 * `{ skipValidationAgainstSchema, ignoreRules }`).
 */
export function codegenSettings(config: object): CodegenSettings {
  const skip = readSkipDocumentsValidation(config);
  return {
    generator: resolveGeneratorConfig(generatorConfig(config)),
    check: { validateAgainstSchema: skip.againstSchema, ignoreRules: skip.ignoreRules ?? [] },
    otherKeys: Object.keys(config)
      .filter((key) => !READ_KEYS.has(key))
      .sort(),
  };
}
