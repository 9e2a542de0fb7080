import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type AdminClient, createAdminClientFromEnv } from '@admin-api/client';
import { startEmulator } from '@admin-api/emulator';

const ENV_VARS = [
  'ADMIN_API_AUTH_URL',
  'ADMIN_API_BASE_URL',
  'ADMIN_API_CLIENT_ID',
  'ADMIN_API_CLIENT_SECRET',
];

/** A client for a real store (from the environment) or for the embedded emulator. */
export interface Connection {
  client: AdminClient;
  source: 'environment' | 'emulator';
  close(): Promise<void>;
}

/**
 * `.env` in this folder, then in the one `pnpm` was run from (`INIT_CWD`: the repo root for
 * `pnpm start`, whose `.env` codegen has just read); variables already set win.
 */
function loadEnvFiles(): void {
  const folders = new Set([process.cwd(), process.env.INIT_CWD ?? process.cwd()]);
  for (const folder of folders) {
    const file = join(folder, '.env');
    if (existsSync(file)) process.loadEnvFile(file);
  }
}

/**
 * Reads `.env` files (above). With none of the ADMIN_API_* variables set, starts the embedded
 * emulator; with some set, insists on all of them so a typo never silently hits the emulator.
 */
export async function connect(): Promise<Connection> {
  loadEnvFiles();
  if (ENV_VARS.some((name) => process.env[name])) {
    return { client: createAdminClientFromEnv(), source: 'environment', close: async () => {} };
  }
  const emulator = await startEmulator();
  const client = createAdminClientFromEnv({
    env: {
      ADMIN_API_AUTH_URL: emulator.authUrl,
      ADMIN_API_BASE_URL: emulator.baseUrl,
      ADMIN_API_CLIENT_ID: emulator.clientId,
      ADMIN_API_CLIENT_SECRET: emulator.clientSecret,
    },
  });
  return { client, source: 'emulator', close: () => emulator.close() };
}
