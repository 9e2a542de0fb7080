import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { DEFAULT_ENV_FILE, loadEnvFile } from '@admin-api/auth/internal';
import {
  DEFAULT_SCHEMA_CACHE,
  loadConfigEnvFile,
  type ResolvedCodegenOptions,
  resolveCodegenOptions,
} from '../define-config.js';
import { DEFAULT_CONFIG_FILE, importConfigFile, readConfig } from '../runner/load-config.js';

/** What the schema commands need to know about the project. */
export interface ProjectSettings {
  cachePath: string;
  documents: string[];
  /** The codegen config it was read from, if any. */
  configFile: string | undefined;
}

/**
 * Reads the cache path and documents from `codegen.ts` when it is a config of ours, and its env
 * file; flags win; otherwise (no config, or a hand-written graphql-codegen one), the defaults and
 * `.env` in the working directory.
 */
export async function projectSettings(flags: {
  config?: string | undefined;
  cache?: string | undefined;
}): Promise<ProjectSettings> {
  const configFile =
    flags.config ?? (existsSync(DEFAULT_CONFIG_FILE) ? DEFAULT_CONFIG_FILE : undefined);
  const config = configFile ? readConfig(await importConfigFile(configFile)) : undefined;
  let options: ResolvedCodegenOptions | undefined;
  if (config) {
    loadConfigEnvFile(config);
    options = resolveCodegenOptions(config);
  } else {
    loadEnvFile(resolve(DEFAULT_ENV_FILE));
  }
  const cachePath = flags.cache
    ? resolve(flags.cache)
    : options?.cachePath || resolve(DEFAULT_SCHEMA_CACHE);
  return { cachePath, documents: [...(options?.documents ?? [])], configFile };
}
