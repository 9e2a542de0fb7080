#!/usr/bin/env node
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { appBlockLine } from './app-block-line.js';
import { SERVICE_ERROR_BLOCK_RULES } from './error-block-rules.js';
import { formatBlockRule, parseBlockRules } from './error-block-spec.js';
import { DEFAULT_QUERY_LIMITS, MAX_QUERY_DEPTH } from './query-limits.js';
import { FAULT_MIX, randomFaults } from './random-faults.js';
import { STORE_NAME_PATTERN } from './store-name.js';
import { webhookAttemptLine } from './webhook-attempt-line.js';

const OPTIONS = {
  'auth-port': { type: 'string', default: '4010' },
  'graphql-port': { type: 'string', default: '4011' },
  'client-id': { type: 'string' },
  'client-secret': { type: 'string' },
  'token-lifetime': { type: 'string' },
  'rate-limit': { type: 'string', default: '50' },
  'max-depth': { type: 'string' },
  'max-aliases': { type: 'string' },
  'max-list-size': { type: 'string' },
  'max-tokens': { type: 'string' },
  'max-response-bytes': { type: 'string' },
  'block-rules': { type: 'string' },
  seed: { type: 'string', default: '1' },
  faults: { type: 'string', default: '0' },
  'faults-token': { type: 'string', default: '0' },
  stores: { type: 'string' },
  'store-port': { type: 'string', default: '4012' },
  'app-url': { type: 'string' },
  'app-name': { type: 'string' },
  'webhook-timeout': { type: 'string', default: '10000' },
  'webhook-retry-delays': { type: 'string', default: '5000,30000' },
  'webhook-delay': { type: 'string', default: '0' },
  'webhook-duplicates': { type: 'string', default: '0' },
  'webhook-out-of-order': { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
  version: { type: 'boolean', short: 'v', default: false },
} as const;

/** A usage error: one line, exit code 2, before anything starts. */
function refuse(message: string): never {
  console.error(message);
  process.exit(2);
}

/** The options given, or exit 2 with one line on a mistyped, incomplete or extra argument. */
function parseOptions() {
  try {
    return parseArgs({ options: OPTIONS }).values;
  } catch (error) {
    const code = String((error as { code?: unknown }).code);
    if (!code.startsWith('ERR_PARSE_ARGS_')) throw error;
    // parseArgs' advice on positional arguments that start with '-' is noise here: there are none.
    const [advice] = (error as Error).message.split('. To specify a positional');
    return refuse(`${advice?.replace(/\s*\n\s*/g, ' ')} (see admin-api-emulator --help)`);
  }
}

const values = parseOptions();
const DEFAULT_BLOCK_RULES = SERVICE_ERROR_BLOCK_RULES.map(formatBlockRule).join(',');

if (values.version) {
  // dist/bin.js sits one folder below the package's root.
  const { version } = createRequire(import.meta.url)('../package.json') as { version: string };
  console.log(version);
  process.exit(0);
}

if (values.help) {
  console.log(`Usage: admin-api-emulator [options]

  -v, --version          print the emulator's version

  --auth-port <n>        token host port (default 4010; 0 for any free port)
  --graphql-port <n>     GraphQL host port (default 4011; 0 for any free port)
  --client-id <id>       demo client id (default emulator-client)
  --client-secret <s>    demo client secret (default: random)
  --token-lifetime <s>   expires_in of issued tokens, 1 or more (default 14400)
  --rate-limit <n>       requests per 10 s per client; 0 turns it off (default 50)
  --max-depth <n>        deepest nesting of fields in a query, 1 to ${MAX_QUERY_DEPTH} (default ${DEFAULT_QUERY_LIMITS.maxDepth})
  --max-aliases <n>      most aliases in a query (default ${DEFAULT_QUERY_LIMITS.maxAliases})
  --max-list-size <n>    most list items a query may ask for, estimated (default ${DEFAULT_QUERY_LIMITS.maxListSize})
  --max-tokens <n>       most tokens in a query document (default ${DEFAULT_QUERY_LIMITS.maxTokens})
  --max-response-bytes <n>
                         largest answer in bytes (default ${DEFAULT_QUERY_LIMITS.maxResponseBytes}); a query over a
                         limit is answered 400 QUERY_TOO_COMPLEX, naming it
  --block-rules <rules>  error-rate blocks: rules <rate>:<window>:<min requests>:<block>, separated
                         by commas, or off (default: the service's figures,
                         ${DEFAULT_BLOCK_RULES});
                         a blocked app is answered 403 APP_BLOCKED, and each block prints "block: …"
  --seed <n>             seed of the store's data, of mocked values and of faults (default 1)
  --faults <rate>        probability, 0 to 1, that a GraphQL request gets a fault (default 0)
  --faults-token <rate>  the same for the token endpoint (default 0)
                         a fault is one of, equally likely: ${FAULT_MIX.map((m) => m.name).join(', ')}
                         (drop: the connection closes unanswered); same seed, same faults
  --stores <a,b>         stores to install the app on through OAuth, e.g. acme,globex: each gets
                         its own token host (authorize page, token endpoint, /admin page with
                         Open app and Uninstall) and its own data; names are a-z, 0-9 and -
  --store-port <n>       port of the first store's token host, the next ones counting up
                         (default 4012; 0 for any free ports)
  --app-url <url>        where the stores' admin pages launch the app (signed launch URL)
  --app-name <name>      the app's name on the authorize page (default Emulator app)
  --webhook-timeout <ms> how long a webhook try waits for its answer (default 10000)
  --webhook-retry-delays <ms,ms>
                         waits before a webhook's second and third try (default 5000,30000)
  --webhook-delay <ms>   wait before every webhook try: a slow service (default 0)
  --webhook-duplicates <rate>
                         probability, 0 to 1, that a webhook event is sent twice, same id (default 0)
  --webhook-out-of-order send each burst of an endpoint's events shuffled (seeded by --seed)
                         every webhook try prints "webhook: <scope> <endpoint> <status> try n/3"`);
  process.exit(0);
}

/** A decimal integer from `min` to `max`; anything else (`0x10`, `1e3`, `''`) exits 2. */
const toInt = (name: string, value: string | undefined, min = 0, max = Number.MAX_SAFE_INTEGER) => {
  const n = Number(value);
  if (!/^\d+$/.test(value ?? '') || n < min || n > max) {
    const range =
      max === Number.MAX_SAFE_INTEGER && n <= max ? `of at least ${min}` : `from ${min} to ${max}`;
    refuse(`--${name} must be an integer ${range} (got ${value})`);
  }
  return n;
};

/** A decimal from 0 to 1 (`0.2`, `.5`, `1`); anything else (`0x1`, `1e-1`, `''`) exits 2. */
const toRate = (name: string, value: string | undefined) => {
  const n = Number(value);
  if (!/^(?:\d+(?:\.\d*)?|\.\d+)$/.test(value ?? '') || !(n >= 0 && n <= 1)) {
    refuse(`--${name} must be a probability from 0 to 1, e.g. 0.2 (got ${value})`);
  }
  return n;
};

/**
 * A value printed into `ADMIN_API_*=` lines: printable ASCII without spaces, `#`, quotes or
 * backslashes, or a pasted .env reads something else. Never echoed: it may be a secret.
 */
const toCredential = (name: string, value: string | undefined) => {
  if (value !== undefined && !/^[!$-&(-[\]-_a-~]{1,200}$/.test(value)) {
    refuse(
      `--${name} must be 1 to 200 printable characters without spaces, #, quotes, backticks or backslashes`,
    );
  }
  return value;
};

const MAX_PORT = 65_535;
const authPort = toInt('auth-port', values['auth-port'], 0, MAX_PORT);
const graphqlPort = toInt('graphql-port', values['graphql-port'], 0, MAX_PORT);
if (authPort !== 0 && authPort === graphqlPort) {
  refuse(
    `--auth-port and --graphql-port must differ: the two hosts are two origins (both ${authPort})`,
  );
}
const clientId = toCredential('client-id', values['client-id']);
const clientSecret = toCredential('client-secret', values['client-secret']);
const tokenLifetime = values['token-lifetime'];
const tokenLifetimeS =
  tokenLifetime === undefined ? undefined : toInt('token-lifetime', tokenLifetime, 1);
const rateLimit = toInt('rate-limit', values['rate-limit']);
/** The query limits given; each one left out keeps its default. */
const queryLimits = Object.fromEntries(
  (
    [
      ['maxDepth', 'max-depth', MAX_QUERY_DEPTH],
      ['maxAliases', 'max-aliases'],
      ['maxListSize', 'max-list-size'],
      ['maxTokens', 'max-tokens'],
      ['maxResponseBytes', 'max-response-bytes'],
    ] as const
  ).flatMap(([option, flag, max]) => {
    const value = values[flag];
    return value === undefined ? [] : [[option, toInt(flag, value, 1, max)]];
  }),
);
const blockRulesFlag = values['block-rules'];
const parsedRules =
  blockRulesFlag === undefined || blockRulesFlag === 'off'
    ? undefined
    : parseBlockRules(blockRulesFlag);
const blockRules =
  typeof parsedRules === 'string' ? refuse(`--block-rules: ${parsedRules}`) : parsedRules;
const seed = toInt('seed', values.seed);
const faultRates = {
  graphql: toRate('faults', values.faults),
  token: toRate('faults-token', values['faults-token']),
};
/** The stores of `--stores`: unique names of lowercase letters, digits and inner hyphens. */
const toStores = (value: string | undefined): string[] => {
  if (value === undefined) return [];
  const names = value.split(',').map((name) => name.trim());
  for (const name of names) {
    if (!STORE_NAME_PATTERN.test(name)) {
      refuse(
        `--stores must be store names separated by commas, each 1 to 63 of a-z, 0-9 and inner hyphens, e.g. acme,globex (got "${name.slice(0, 70)}")`,
      );
    }
  }
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice) refuse(`--stores names the store "${twice}" twice`);
  return names;
};
const stores = toStores(values.stores);
const storePort = toInt('store-port', values['store-port'], 0, MAX_PORT);
const storePorts = stores.map((_, i) => (storePort === 0 ? 0 : storePort + i));
for (const port of storePorts) {
  if (port > MAX_PORT)
    refuse(`--store-port ${storePort} leaves no port for ${stores.length} stores`);
  if (port !== 0 && (port === authPort || port === graphqlPort)) {
    refuse(
      `--store-port: the stores' ports ${storePort} to ${storePort + stores.length - 1} must not include --auth-port or --graphql-port`,
    );
  }
}
const appUrl = values['app-url'];
if (appUrl !== undefined && !/^https?:\/\//i.test(appUrl)) {
  refuse('--app-url must be an absolute http or https URL, e.g. http://localhost:3000/launch');
}
if (appUrl !== undefined && !URL.canParse(appUrl)) refuse('--app-url is not a valid URL');
const webhookTimeoutMs = toInt('webhook-timeout', values['webhook-timeout'], 1);
const delays = values['webhook-retry-delays'].split(',');
if (delays.length !== 2) {
  refuse(`--webhook-retry-delays must be two waits in ms, e.g. 5000,30000 (got ${delays.length})`);
}
const retryDelaysMs: [number, number] = [
  toInt('webhook-retry-delays', delays[0]),
  toInt('webhook-retry-delays', delays[1]),
];
const webhookFaults = {
  delayMs: toInt('webhook-delay', values['webhook-delay']),
  duplicateRate: toRate('webhook-duplicates', values['webhook-duplicates']),
  outOfOrder: values['webhook-out-of-order'],
};
const appName = values['app-name'];
if (appName !== undefined && (appName.trim() === '' || appName.length > 100)) {
  refuse('--app-name must be 1 to 100 characters');
}
// Loaded once the options are checked, so --help and a refusal answer without loading the schema.
const { startEmulator } = await import('./start-emulator.js');
const { adminApiSchemaVersion } = await import('./admin-api-schema.js');
const emulator = await startEmulator({
  authPort,
  graphqlPort,
  ...(clientId === undefined ? {} : { clientId }),
  ...(clientSecret === undefined ? {} : { clientSecret }),
  ...(tokenLifetimeS === undefined ? {} : { tokenLifetimeS }),
  rateLimit: rateLimit === 0 ? false : { limit: rateLimit },
  queryLimits,
  errorBlocks:
    blockRulesFlag === 'off'
      ? false
      : {
          ...(blockRules === undefined ? {} : { rules: blockRules }),
          onBlock: (block) => console.log(appBlockLine(block)),
        },
  fixtures: { seed },
  stores: stores.map((name, i) => ({ name, port: storePorts[i] ?? 0 })),
  ...(appUrl === undefined ? {} : { appUrl }),
  ...(appName === undefined ? {} : { appName }),
  webhooks: {
    timeoutMs: webhookTimeoutMs,
    retryDelaysMs,
    faults: webhookFaults,
    onAttempt: (attempt) => console.log(webhookAttemptLine(attempt)),
  },
}).catch((error: NodeJS.ErrnoException & { port?: number }) => {
  if (error.code !== 'EADDRINUSE' && error.code !== 'EACCES') throw error;
  // A port taken by another process (often an emulator already running) is the user's to fix.
  console.error(
    `Cannot listen on port ${error.port ?? '?'}: ${error.code === 'EADDRINUSE' ? 'already in use' : 'not allowed'}. ` +
      `Stop what holds it, or choose others with ${stores.length > 0 ? '--auth-port, --graphql-port and --store-port' : '--auth-port and --graphql-port'} (0 for any free port).`,
  );
  process.exit(1);
});
if (faultRates.graphql > 0 || faultRates.token > 0) {
  emulator.faults.random = randomFaults(faultRates, seed, (target, { name }) =>
    console.log(`fault: ${target} ${name}`),
  );
}

console.log(`Admin API emulator running (schema of @ikas/api-client ${adminApiSchemaVersion()}).
Put these in your environment (or .env):

ADMIN_API_AUTH_URL=${emulator.authUrl}
ADMIN_API_BASE_URL=${emulator.baseUrl}
ADMIN_API_CLIENT_ID=${emulator.clientId}
ADMIN_API_CLIENT_SECRET=${emulator.clientSecret}
${clientSecret === undefined ? '\n# The secret is new at every start: run with --client-secret <s> to keep one in .env.\n' : ''}
Token endpoint:  ${emulator.authUrl}/api/admin/oauth/token
GraphQL:         ${emulator.baseUrl}/api/v2/admin/graphql
Fields outside the stateful core answer seeded mocks (see extensions.mockedFields).
Webhooks: saveWebhook registers endpoints; each try prints "webhook: <scope> <endpoint> <status> try n/3".
${describeLimits()}${describeStores()}${describeFaults()}
Press Ctrl+C to stop.`);

function describeStores(): string {
  if (stores.length === 0) return '';
  const lines = Object.values(emulator.stores).map(
    (store) => `  ${store.name}: authUrl ${store.authUrl}  admin page ${store.authUrl}/admin`,
  );
  return `\n\nStores (the app installs through OAuth at {authUrl}/api/admin/oauth/authorize; uninstall from the admin page):\n${lines.join('\n')}${appUrl === undefined ? '\nRun with --app-url <url> for an "Open app" link on the admin pages.' : ''}`;
}

function describeLimits(): string {
  const limits = { ...DEFAULT_QUERY_LIMITS, ...queryLimits };
  const rules =
    blockRulesFlag === 'off'
      ? 'Error-rate blocks are off (--block-rules off).'
      : `Error-rate blocks (${blockRules === undefined ? "the service's figures" : '--block-rules'}): ${(blockRules ?? SERVICE_ERROR_BLOCK_RULES).map(formatBlockRule).join(', ') || 'none'}; a blocked app gets 403 APP_BLOCKED, and each block prints "block: …".`;
  return `Query limits: depth ${limits.maxDepth}, ${limits.maxAliases} aliases, ${limits.maxListSize} list items, ${limits.maxTokens} tokens, ${limits.maxResponseBytes} answer bytes (over one: 400 QUERY_TOO_COMPLEX).
${rules}`;
}

function describeFaults(): string {
  const on = (
    [
      ['GraphQL', faultRates.graphql],
      ['token', faultRates.token],
    ] as const
  )
    .filter(([, rate]) => rate > 0)
    .map(([endpoint, rate]) => `${Math.round(rate * 1000) / 10}% of ${endpoint} requests`);
  const webhook = [
    ...(webhookFaults.delayMs > 0 ? [`${webhookFaults.delayMs} ms before each try`] : []),
    ...(webhookFaults.duplicateRate > 0
      ? [`${Math.round(webhookFaults.duplicateRate * 1000) / 10}% of events sent twice`]
      : []),
    ...(webhookFaults.outOfOrder ? ['bursts shuffled'] : []),
  ];
  const webhookLine =
    webhook.length === 0 ? '' : `\nWebhook faults on (seed ${seed}): ${webhook.join(', ')}.`;
  if (on.length === 0) return webhookLine;
  return `\nFaults on (seed ${seed}): ${on.join(' and ')} get one of ${FAULT_MIX.map((m) => m.name).join(', ')}; each is printed as "fault: <endpoint> <fault>".${webhookLine}`;
}

const stop = () => {
  emulator.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
