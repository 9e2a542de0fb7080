import { existsSync } from 'node:fs';
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
 * Reads `.env` when present. With none of the ADMIN_API_* variables set, starts the embedded
 * emulator; with some set, insists on all of them so a typo never silently hits the emulator.
 */
export async function connect(): Promise<Connection> {
  if (existsSync('.env')) process.loadEnvFile('.env');
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
