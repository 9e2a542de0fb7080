import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { DEFAULT_ENV_FILE, loadEnvFile } from '@admin-api/auth/internal';
import { DEFAULT_SCHEMA_CACHE } from '../define-config.js';
import { DEFAULT_CONFIG_FILE, findSchemaPointer, importConfigFile } from '../runner/load-config.js';

/** What the schema commands need to know about the project. */
export interface ProjectSettings {
  cachePath: string;
  documents: string[];
  /** The codegen config it was read from, if any. */
  configFile: string | undefined;
}

/**
 * Reads the cache path and documents from `codegen.ts` when it uses `defineConfig` (it also reads
 * `.env`); flags win; without a config, the defaults and `.env` in the working directory.
 */
export async function projectSettings(flags: {
  config?: string | undefined;
  cache?: string | undefined;
}): Promise<ProjectSettings> {
  const configFile =
    flags.config ?? (existsSync(DEFAULT_CONFIG_FILE) ? DEFAULT_CONFIG_FILE : undefined);
  let pointer: ReturnType<typeof findSchemaPointer>;
  if (configFile) {
    pointer = findSchemaPointer(await importConfigFile(configFile));
  } else {
    loadEnvFile(resolve(DEFAULT_ENV_FILE));
  }
  const cachePath = flags.cache
    ? resolve(flags.cache)
    : pointer?.cachePath || resolve(DEFAULT_SCHEMA_CACHE);
  return { cachePath, documents: pointer?.documents ?? [], configFile };
}
