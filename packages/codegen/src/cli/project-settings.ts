import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadCodegenConfig } from '@graphql-codegen/cli';
import {
  type AdminApiSchemaPointer,
  DEFAULT_SCHEMA_CACHE,
  SCHEMA_POINTER,
} from '../define-config.js';
import { loadEnvFile } from '../schema/credentials.js';

/** What the schema commands need to know about the project. */
export interface ProjectSettings {
  cachePath: string;
  documents: string[];
  /** The codegen config it was read from, if any. */
  configFile: string | undefined;
}

function findPointer(schema: unknown): AdminApiSchemaPointer | undefined {
  const entries = Array.isArray(schema) ? schema : [schema];
  for (const entry of entries) {
    if (entry && typeof entry === 'object' && SCHEMA_POINTER in entry) {
      return (entry as Record<string, AdminApiSchemaPointer>)[SCHEMA_POINTER];
    }
  }
  return undefined;
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
  let pointer: AdminApiSchemaPointer | undefined;
  if (configFile) {
    const { config } = await loadCodegenConfig({ configFilePath: resolve(configFile) });
    pointer = findPointer((config as { schema?: unknown }).schema);
  } else {
    loadEnvFile(resolve('.env'));
  }
  const cachePath = flags.cache
    ? resolve(flags.cache)
    : pointer?.cachePath || resolve(DEFAULT_SCHEMA_CACHE);
  return { cachePath, documents: pointer?.documents ?? [], configFile };
}
