import { ConfigurationError } from './errors.js';

/** The `.env` file both codegen and `createAdminClientFromEnv` read by default. */
export const DEFAULT_ENV_FILE = '.env';

/**
 * Loads a `.env` file into `process.env`, as `node --env-file` does: variables already set win,
 * and a relative path is relative to the working directory. The one rule codegen and the client
 * share. `false` when there is no such file (or no Node `process` to load it into).
 */
export function loadEnvFile(path: string): boolean {
  const load = globalThis.process?.loadEnvFile;
  if (typeof load !== 'function') return false;
  try {
    load.call(process, path);
    return true;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'ENOENT') return false;
    throw new ConfigurationError(
      'INVALID_OPTION',
      `The env file ${path} cannot be read (${typeof code === 'string' ? code : 'unreadable'}): fix it, or pass envFile: false.`,
      { cause: error },
    );
  }
}
