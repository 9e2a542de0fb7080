import { existsSync } from 'node:fs';
import { type ClientCredentials, credentialsFromEnv } from '@admin-api/auth';
import { startEmulator } from '@admin-api/emulator';

const ENV_VARS = [
  'ADMIN_API_AUTH_URL',
  'ADMIN_API_BASE_URL',
  'ADMIN_API_CLIENT_ID',
  'ADMIN_API_CLIENT_SECRET',
];

/** Where the example connects: real credentials from the environment, or the embedded emulator. */
export interface Connection {
  credentials: ClientCredentials;
  baseUrl: string;
  source: 'environment' | 'emulator';
  close(): Promise<void>;
}

/**
 * Reads `.env` when present. With none of the ADMIN_API_* variables set, starts the embedded
 * emulator; with some set, insists on all of them so a typo never silently hits the emulator.
 */
export async function connect(): Promise<Connection> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  if (ENV_VARS.every((name) => !process.env[name])) {
    const emulator = await startEmulator();
    return {
      credentials: {
        authUrl: emulator.authUrl,
        clientId: emulator.clientId,
        clientSecret: emulator.clientSecret,
      },
      baseUrl: emulator.baseUrl,
      source: 'emulator',
      close: () => emulator.close(),
    };
  }
  const credentials = credentialsFromEnv();
  const baseUrl = process.env.ADMIN_API_BASE_URL;
  if (!baseUrl)
    throw new Error('Missing environment variable ADMIN_API_BASE_URL (the GraphQL host).');
  return { credentials, baseUrl, source: 'environment', close: async () => {} };
}
