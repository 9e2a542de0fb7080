import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { DEFAULT_SCHEMA_CACHE } from '../define-config.js';
import { findSchemaPointer, importConfigFile } from '../runner/load-config.js';
import { loadEnvFile } from '../schema/credentials.js';

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
  const configFile = flags.config ?? (existsSync('codegen.ts') ? 'codegen.ts' : undefined);
  let pointer: ReturnType<typeof findSchemaPointer>;
  if (configFile) {
    pointer = findSchemaPointer(await importConfigFile(configFile));
  } else {
    loadEnvFile(resolve('.env'));
  }
  const cachePath = flags.cache
    ? resolve(flags.cache)
    : pointer?.cachePath || resolve(DEFAULT_SCHEMA_CACHE);
  return { cachePath, documents: pointer?.documents ?? [], configFile };
}
