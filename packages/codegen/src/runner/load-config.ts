import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { relative, resolve } from 'node:path';
import { AdminApiError } from '@admin-api/auth';
import {
  type AdminApiCodegenConfig,
  configBehind,
  defineConfig,
  loadConfigEnvFile,
  type ResolvedCodegenOptions,
  resolveCodegenOptions,
} from '../define-config.js';
import { CodegenError } from '../errors.js';
import { adminApiCommand } from '../package-manager.js';

/** The default `--config`. */
export const DEFAULT_CONFIG_FILE = 'codegen.ts';

const YAML_FILE = /\.ya?ml$/i;

/** A codegen config, where it came from, and its options resolved. */
export interface LoadedConfig {
  /** Absolute path of the config file. */
  readonly file: string;
  readonly config: AdminApiCodegenConfig;
  readonly options: ResolvedCodegenOptions;
}

/**
 * The config a config file exports: `defineConfig(…)`'s object (or any object of its options,
 * checked as `defineConfig` checks them), or a config made by `toGraphQLCodegenConfig`;
 * `undefined` for anything else, a hand-written graphql-codegen config among them.
 */
export function readConfig(exported: unknown): AdminApiCodegenConfig | undefined {
  const behind = configBehind(exported);
  if (behind) return behind;
  if (typeof exported !== 'object' || exported === null || !('output' in exported)) {
    return undefined;
  }
  return defineConfig(exported as AdminApiCodegenConfig);
}

/**
 * Runs a config file (`codegen.ts`, `.js`, `.mjs`, `.cts`…) and returns its default export, with
 * jiti, the TypeScript loader graphql-codegen itself uses: it transpiles the config file alone
 * (cached in the system's temporary folder) and imports packages natively, so `@admin-api/codegen`
 * is the same module for the config and for us.
 */
export async function importConfigFile(configFile: string): Promise<unknown> {
  const file = resolve(configFile);
  const shown = relative(process.cwd(), file) || file;
  if (!existsSync(file)) {
    throw new CodegenError(
      'INVALID_CONFIG',
      `There is no ${shown}: run \`${adminApiCommand('init')}\` to write one, or pass --config <file>.`,
    );
  }
  if (YAML_FILE.test(file)) {
    throw new CodegenError(
      'INVALID_CONFIG',
      `${shown} is a YAML config: YAML configs run with \`graphql-codegen --config ${shown}\`. ` +
        `\`admin-api codegen\` reads a config written with \`defineConfig\` in codegen.ts, .mts, .js, .mjs or .cts (\`${adminApiCommand('init')}\` writes one).`,
    );
  }
  try {
    // Required rather than imported: Node would scan jiti's 190 KB CommonJS bundle for its exports.
    const { createJiti } = createRequire(import.meta.url)('jiti') as typeof import('jiti');
    return await createJiti(import.meta.url).import(file, { default: true });
  } catch (error) {
    // defineConfig's own errors (INVALID_OPTION, MISSING_DEPENDENCY) keep their class and code.
    if (error instanceof AdminApiError) throw error;
    throw new CodegenError(
      'INVALID_CONFIG',
      `${shown} could not be loaded: ${(error as Error).message ?? String(error)}`,
      { cause: error },
    );
  }
}

/**
 * Loads a config (see {@link readConfig}; `INVALID_CONFIG` for anything else), reads its env file
 * (before anything reads the environment; variables already set win), and resolves its options.
 */
export async function loadConfig(configFile = DEFAULT_CONFIG_FILE): Promise<LoadedConfig> {
  const file = resolve(configFile);
  const shown = relative(process.cwd(), file) || file;
  const config = readConfig(await importConfigFile(file));
  if (!config) {
    throw new CodegenError(
      'INVALID_CONFIG',
      `${shown} does not export \`defineConfig({ … })\` from @admin-api/codegen (as its default export), ` +
        'so admin-api codegen cannot read it. A hand-written graphql-codegen config runs with `graphql-codegen --config`.',
    );
  }
  loadConfigEnvFile(config);
  return { file, config, options: resolveCodegenOptions(config) };
}
