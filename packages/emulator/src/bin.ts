#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { adminApiSchemaVersion } from './admin-api-schema.js';
import { startEmulator } from './start-emulator.js';

const { values } = parseArgs({
  options: {
    'auth-port': { type: 'string', default: '4010' },
    'graphql-port': { type: 'string', default: '4011' },
    'client-id': { type: 'string' },
    'client-secret': { type: 'string' },
    'token-lifetime': { type: 'string' },
    'rate-limit': { type: 'string', default: '50' },
    seed: { type: 'string', default: '1' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (values.help) {
  console.log(`Usage: admin-api-emulator [options]

  --auth-port <n>        token host port (default 4010; 0 for any free port)
  --graphql-port <n>     GraphQL host port (default 4011; 0 for any free port)
  --client-id <id>       demo client id (default emulator-client)
  --client-secret <s>    demo client secret (default: random)
  --token-lifetime <s>   expires_in of issued tokens, 1 or more (default 14400)
  --rate-limit <n>       requests per 10 s per client; 0 turns it off (default 50)
  --seed <n>             seed of the store's data and of mocked values (default 1)`);
  process.exit(0);
}

const toInt = (name: string, value: string | undefined, min = 0) => {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < min) {
    console.error(`--${name} must be an integer of at least ${min} (got ${value})`);
    process.exit(2);
  }
  return n;
};

const rateLimit = toInt('rate-limit', values['rate-limit']);
const emulator = await startEmulator({
  authPort: toInt('auth-port', values['auth-port']),
  graphqlPort: toInt('graphql-port', values['graphql-port']),
  ...(values['client-id'] ? { clientId: values['client-id'] } : {}),
  ...(values['client-secret'] ? { clientSecret: values['client-secret'] } : {}),
  ...(values['token-lifetime'] === undefined
    ? {}
    : { tokenLifetimeS: toInt('token-lifetime', values['token-lifetime'], 1) }),
  rateLimit: rateLimit === 0 ? false : { limit: rateLimit },
  fixtures: { seed: toInt('seed', values.seed) },
});

console.log(`Admin API emulator running (schema of @ikas/api-client ${adminApiSchemaVersion()}).
Put these in your environment (or .env):

ADMIN_API_AUTH_URL=${emulator.authUrl}
ADMIN_API_BASE_URL=${emulator.baseUrl}
ADMIN_API_CLIENT_ID=${emulator.clientId}
ADMIN_API_CLIENT_SECRET=${emulator.clientSecret}

Token endpoint:  ${emulator.authUrl}/api/admin/oauth/token
GraphQL:         ${emulator.baseUrl}/api/v2/admin/graphql
Fields outside the stateful core answer seeded mocks (see extensions.mockedFields).
Press Ctrl+C to stop.`);

const stop = () => {
  emulator.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
