// The app's settings, read once from the environment: a mistake stops the start with one line
// that says what to set.

/** What `src/main.ts` reads from the environment. */
export interface EnvConfig {
  /** Where merchants reach the app: the launch target, and the origin of `/oauth/callback`. */
  readonly appUrl: string;
  /** Port and address to listen on: `PORT` (default: `APP_URL`'s port), `HOST` (default loopback). */
  readonly port: number;
  readonly host: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** `ADMIN_API_BASE_URL`; unset in production (the kit's default GraphQL host applies). */
  readonly baseUrl: string | undefined;
  /** `ADMIN_API_STORE_AUTH_URLS`; unset in production (`https://{store}.myikas.com` applies). */
  readonly storeAuthUrls: ReadonlyMap<string, string> | undefined;
  readonly redisUrl: string;
}

/** A setting the app cannot start with; `main.ts` prints the message alone. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export const DEFAULT_APP_URL = 'http://localhost:3000';
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

/** Reads and checks the app's environment variables. */
export function readEnv(env: NodeJS.ProcessEnv = process.env): EnvConfig {
  const required = (name: string): string => {
    const value = env[name];
    if (!value) {
      throw new ConfigError(
        `${name} is not set: give the app's client id and secret from its page in the partner portal (or the emulator's, see examples/app/README.md)`,
      );
    }
    return value;
  };
  const appUrl = env.APP_URL || DEFAULT_APP_URL;
  if (!URL.canParse(appUrl) || !/^https?:$/.test(new URL(appUrl).protocol)) {
    throw new ConfigError(`APP_URL must be an absolute http(s) URL, e.g. ${DEFAULT_APP_URL}`);
  }
  const parsed = new URL(appUrl);
  const port = Number(env.PORT || parsed.port || (parsed.protocol === 'https:' ? 443 : 80));
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new ConfigError('PORT must be an integer from 0 to 65535');
  }
  return {
    appUrl,
    port,
    host: env.HOST || '127.0.0.1',
    clientId: required('ADMIN_API_CLIENT_ID'),
    clientSecret: required('ADMIN_API_CLIENT_SECRET'),
    baseUrl: env.ADMIN_API_BASE_URL || undefined,
    storeAuthUrls: env.ADMIN_API_STORE_AUTH_URLS
      ? parseStoreAuthUrls(env.ADMIN_API_STORE_AUTH_URLS)
      : undefined,
    redisUrl: env.REDIS_URL || DEFAULT_REDIS_URL,
  };
}

/**
 * `acme=http://127.0.0.1:4012,globex=http://127.0.0.1:4013` → each store's token host, as the
 * emulator prints them. Only for the emulator: real stores are at `https://{store}.myikas.com`.
 */
export function parseStoreAuthUrls(value: string): Map<string, string> {
  const urls = new Map<string, string>();
  for (const entry of value.split(',')) {
    const at = entry.indexOf('=');
    const store = entry.slice(0, at).trim();
    const url = entry.slice(at + 1).trim();
    if (at < 1 || store === '' || !URL.canParse(url)) {
      throw new ConfigError(
        'ADMIN_API_STORE_AUTH_URLS must be store=url pairs separated by commas, e.g. acme=http://127.0.0.1:4012,globex=http://127.0.0.1:4013',
      );
    }
    urls.set(store, new URL(url).origin);
  }
  return urls;
}
