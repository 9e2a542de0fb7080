// Starts the app: settings from the environment, sessions and webhook ids in Redis, Hono on
// Node's HTTP server.
import { createRedisDedupeStore, createRedisSessionStore } from '@admin-api/redis';
import { ConfigError, type EnvConfig, readEnv } from './config.js';
import { listen } from './listen.js';
import { callbackUrl, createServerApp, UnknownStoreError } from './server-app.js';
import { webhookEndpoint } from './webhooks.js';

let env: EnvConfig;
try {
  env = readEnv();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(2);
}

const { storeAuthUrls } = env;
const sessions = createRedisSessionStore({ url: env.redisUrl });
// Every process of the app sharing one Redis handles each webhook delivery once.
const dedupe = createRedisDedupeStore({ url: env.redisUrl });
const { server } = createServerApp({
  appUrl: env.appUrl,
  clientId: env.clientId,
  clientSecret: env.clientSecret,
  sessions,
  dedupe,
  baseUrl: env.baseUrl,
  authUrlFor: storeAuthUrls
    ? (storeName) => {
        const url = storeAuthUrls.get(storeName);
        if (url === undefined) {
          throw new UnknownStoreError(`"${storeName}" is not in ADMIN_API_STORE_AUTH_URLS`);
        }
        return url;
      }
    : undefined,
});
const listening = await listen(server.fetch, { port: env.port, host: env.host });

console.log(`App listening on ${listening.url} (APP_URL ${env.appUrl})
Redirect URI: ${callbackUrl(env.appUrl)}
Webhooks: ${webhookEndpoint(env.appUrl)}
Sessions and webhook ids in Redis at ${new URL(env.redisUrl).host}
Install on a store: ${new URL('/install?store=acme', env.appUrl).href}`);

const stop = async () => {
  await listening.close();
  await sessions.close();
  await dedupe.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
