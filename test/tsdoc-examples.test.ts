import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsumerFolder, typeCheckConsumer } from './support/consumer-folder.js';
import { findTsdocExamples, type TsdocExample } from './support/tsdoc-examples.js';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * What a reader of an example is assumed to have: `before` it (imports, declarations) and, where
 * `before` opens a position for a value or a fragment, what closes it `after`.
 */
interface ExampleContext {
  readonly before: string;
  readonly after?: string;
}

const CLIENT = `import type { AdminClient } from '@admin-api/client';
declare const client: AdminClient;`;
const TOKEN_PROVIDER = `import { createTokenProvider, credentialsFromEnv } from '@admin-api/auth';`;
/** Helpers the package does not export: checked against their built modules. */
const CODEGEN_INTERNALS = '../node_modules/@admin-api/codegen/dist/generator';
const SCHEMA_AND_TEXT = `import { type GraphQLSchema, parse } from 'graphql';
declare const schema: GraphQLSchema;
declare const text: string;`;
const CODEGEN_OPTIONS = `import type { AdminApiCodegenOptions } from '@admin-api/codegen';`;
const POSTGRES_OPTIONS = `import type { PostgresSessionStoreOptions } from '@admin-api/postgres';`;
const GENERATOR_CONFIG = `import type { GeneratorConfig } from '@admin-api/codegen';`;
const MEMORY_DEDUPE_OPTIONS = `import type { MemoryDedupeStoreOptions } from '@admin-api/app';`;
const POSTGRES_DEDUPE_OPTIONS = `import type { PostgresDedupeStoreOptions } from '@admin-api/postgres';`;
const REDIS_DEDUPE_OPTIONS = `import type { RedisDedupeStoreOptions } from '@admin-api/redis';`;

/** A value alone, checked as a `type`: an argument, so that tsc reports a mismatch on the value. */
const checkedAs = (imports: string, type: string): ExampleContext => ({
  before: `${imports}\ndeclare function option<T>(value: T): void;\noption<${type}>(`,
  after: ');',
});

/**
 * Each example's context, by the example's id: its file and the declaration its comment documents.
 * A value alone is checked as the option it documents (`option<Options['name']>(<example>)`), a
 * fragment in its place in a call or a config.
 */
const CONTEXT: Readonly<Record<string, ExampleContext>> = {
  'packages/app/src/create-app.ts createApp': {
    before: `import { createApp, createMemorySessionStore } from '@admin-api/app';`,
  },
  'packages/app/src/create-webhook-handler.ts createWebhookHandler': {
    before: `import { createWebhookHandler } from '@admin-api/app';`,
  },
  'packages/app/src/node-listener.ts toNodeListener': {
    before: `import { createWebhookHandler } from '@admin-api/app';\nimport { toNodeListener } from '@admin-api/app/node';`,
  },
  'packages/app/src/reconcile.ts reconcile': {
    before: `import { type App, reconcile } from '@admin-api/app';\ndeclare const app: App;`,
  },
  'packages/app/src/sync-webhooks.ts syncWebhooks': {
    before: `import { type App, syncWebhooks } from '@admin-api/app';\ndeclare const app: App;`,
  },
  'packages/app/src/verify-webhook.ts verifyWebhook': {
    before: `import { verifyWebhook } from '@admin-api/app';\ndeclare const request: Request;\ndeclare const clientSecret: string;`,
  },
  'packages/app/src/verify-webhook.ts VerifyWebhookOptions.maxBytes': checkedAs(
    `import type { VerifyWebhookOptions } from '@admin-api/app';`,
    "VerifyWebhookOptions['maxBytes']",
  ),
  'packages/app/src/memory-dedupe-store.ts createMemoryDedupeStore': {
    before: `import { createMemoryDedupeStore } from '@admin-api/app';`,
  },
  'packages/app/src/memory-dedupe-store.ts MemoryDedupeStoreOptions.maxIds': checkedAs(
    MEMORY_DEDUPE_OPTIONS,
    "MemoryDedupeStoreOptions['maxIds']",
  ),
  'packages/app/src/memory-dedupe-store.ts MemoryDedupeStoreOptions.now': checkedAs(
    MEMORY_DEDUPE_OPTIONS,
    "MemoryDedupeStoreOptions['now']",
  ),
  'packages/app/src/memory-session-store.ts createMemorySessionStore': {
    before: `import { createMemorySessionStore } from '@admin-api/app';`,
  },
  'packages/postgres/src/postgres-dedupe-store.ts createPostgresDedupeStore': {
    before: `import { createPostgresDedupeStore } from '@admin-api/postgres';`,
  },
  'packages/postgres/src/postgres-dedupe-store-options.ts PostgresDedupeStoreOptions.commandTimeoutMs':
    checkedAs(POSTGRES_DEDUPE_OPTIONS, "PostgresDedupeStoreOptions['commandTimeoutMs']"),
  'packages/postgres/src/postgres-dedupe-store-options.ts PostgresDedupeStoreOptions.schema':
    checkedAs(POSTGRES_DEDUPE_OPTIONS, "PostgresDedupeStoreOptions['schema']"),
  'packages/postgres/src/postgres-dedupe-store-options.ts PostgresDedupeStoreOptions.tableName':
    checkedAs(POSTGRES_DEDUPE_OPTIONS, "PostgresDedupeStoreOptions['tableName']"),
  'packages/postgres/src/postgres-dedupe-store-options.ts PostgresDedupeStoreOptions.namespace':
    checkedAs(POSTGRES_DEDUPE_OPTIONS, "PostgresDedupeStoreOptions['namespace']"),
  'packages/postgres/src/postgres-dedupe-store-options.ts PostgresDedupeStoreOptions.now':
    checkedAs(POSTGRES_DEDUPE_OPTIONS, "PostgresDedupeStoreOptions['now']"),
  'packages/postgres/src/postgres-session-store.ts createPostgresSessionStore': {
    before: `import { createPostgresSessionStore } from '@admin-api/postgres';`,
  },
  'packages/postgres/src/postgres-session-store-options.ts PostgresSessionStoreOptions.schema':
    checkedAs(POSTGRES_OPTIONS, "PostgresSessionStoreOptions['schema']"),
  'packages/postgres/src/postgres-session-store-options.ts PostgresSessionStoreOptions.tableName':
    checkedAs(POSTGRES_OPTIONS, "PostgresSessionStoreOptions['tableName']"),
  'packages/postgres/src/postgres-session-store-options.ts PostgresSessionStoreOptions.maxLockConnections':
    checkedAs(POSTGRES_OPTIONS, "PostgresSessionStoreOptions['maxLockConnections']"),
  'packages/postgres/src/postgres-session-store-options.ts PostgresSessionStoreOptions.lockLifetimeMs':
    checkedAs(POSTGRES_OPTIONS, "PostgresSessionStoreOptions['lockLifetimeMs']"),
  'packages/auth/src/grant-requests.ts exchangeAuthorizationCode': {
    before: `import { exchangeAuthorizationCode } from '@admin-api/auth';`,
  },
  'packages/auth/src/grant-requests.ts refreshAccessToken': {
    before: `import { refreshAccessToken } from '@admin-api/auth';`,
  },
  'packages/auth/src/credentials-from-env.ts credentialsFromEnv': { before: TOKEN_PROVIDER },
  'packages/auth/src/request-token.ts requestToken': {
    before: `import { credentialsFromEnv, requestToken } from '@admin-api/auth';`,
  },
  'packages/auth/src/token-provider.ts createTokenProvider': { before: TOKEN_PROVIDER },
  'packages/client/src/admin-client.ts createAdminClient': {
    before: `import { createAdminClient } from '@admin-api/client';
import { GetMeDocument } from './generated/admin-api.js';
declare const baseUrl: string, authUrl: string, clientId: string, clientSecret: string;`,
  },
  'packages/client/src/client-from-env.ts AdminClientFromEnvOptions.envFile': {
    before: `import { createAdminClientFromEnv } from '@admin-api/client';`,
  },
  'packages/client/src/client-from-env.ts createAdminClientFromEnv': {
    before: `import { createAdminClientFromEnv } from '@admin-api/client';
import { createRedisFleet } from '@admin-api/redis';`,
  },
  'packages/client/src/errors.ts GraphQLResponseError.constructor': {
    before: `import { GraphQLResponseError } from '@admin-api/client';`,
  },
  'packages/client/src/pacer.ts resolveRateLimit': {
    before: `import { resolveRateLimit } from '@admin-api/client';`,
  },
  'packages/client/src/error-budget.ts createErrorBudget': {
    before: `import { type AdminClientOptions, createAdminClient, createErrorBudget } from '@admin-api/client';
declare const credentials: AdminClientOptions;`,
  },
  'packages/client/src/pacer.ts createPacer': {
    before: `import { type ClientCredentials, createAdminClient, createPacer } from '@admin-api/client';
declare const baseUrl: string;
declare const credentials: ClientCredentials;`,
  },
  'packages/client/src/paginate.ts PaginateOptions.select': {
    before: `${CLIENT}
import { paginate } from '@admin-api/client';
import { ListProductsDocument } from './generated/admin-api.js';
paginate(client, ListProductsDocument, {}, {`,
    after: '});',
  },
  'packages/client/src/paginate.ts paginate': {
    before: `${CLIENT}
import { paginate } from '@admin-api/client';
import { ListProductsDocument } from './generated/admin-api.js';`,
  },
  'packages/client/src/rate-limiter.ts AcquireOptions.maxPauseMs': {
    before: `import type { RateLimiter } from '@admin-api/client';
declare const rateLimiter: RateLimiter;
declare const signal: AbortSignal;`,
  },
  'packages/client/src/typed-document-string.ts TypedDocumentString': {
    before: `${CLIENT}
import type { TypedDocumentString } from '@admin-api/client';`,
  },
  'packages/codegen/src/define-config.ts AdminApiCodegenOptions.documents': checkedAs(
    CODEGEN_OPTIONS,
    "AdminApiCodegenOptions['documents']",
  ),
  'packages/codegen/src/define-config.ts AdminApiCodegenOptions.documents #2': checkedAs(
    CODEGEN_OPTIONS,
    "AdminApiCodegenOptions['documents']",
  ),
  'packages/codegen/src/define-config.ts AdminApiCodegenOptions.config': checkedAs(
    CODEGEN_OPTIONS,
    "AdminApiCodegenOptions['config']",
  ),
  // The example is a whole `codegen.ts`, imports included.
  'packages/codegen/src/define-config.ts defineConfig': { before: '' },
  'packages/codegen/src/generator/config.ts GeneratorConfig.scalars': checkedAs(
    GENERATOR_CONFIG,
    "GeneratorConfig['scalars']",
  ),
  // These two show the option inside the config that holds it.
  'packages/codegen/src/generator/config.ts GeneratorConfig.clientModule': checkedAs(
    GENERATOR_CONFIG,
    'GeneratorConfig',
  ),
  'packages/codegen/src/generator/config.ts GeneratorConfig.documentMode': checkedAs(
    GENERATOR_CONFIG,
    'GeneratorConfig',
  ),
  'packages/codegen/src/generator/generate-module.ts generateModule': {
    before: `${SCHEMA_AND_TEXT}
import { generateModule } from '${CODEGEN_INTERNALS}/index.js';`,
  },
  'packages/codegen/src/generator/generate-module.ts createIncrementalGenerator': {
    before: `${SCHEMA_AND_TEXT}
import { writeFileSync } from 'node:fs';
import type { GeneratorConfig } from '@admin-api/codegen';
import { resolveGeneratorConfig } from '${CODEGEN_INTERNALS}/config.js';
import { collectDefinitions, createIncrementalGenerator } from '${CODEGEN_INTERNALS}/index.js';
declare const options: GeneratorConfig;
declare const output: string;`,
  },
  // The example is a whole `codegen.ts`, imports included.
  'packages/codegen/src/preset.ts preset': { before: '' },
  // The example is a whole `codegen.ts`, imports included.
  'packages/codegen/src/graphql-codegen-config.ts toGraphQLCodegenConfig': { before: '' },
  // In a codegen config, with the plugin's `config` typed as the options documented.
  'packages/codegen/src/sdk-plugin/config.ts SdkPluginConfig': {
    before: `import { type GraphQLCodegenConfig, preset, type SdkPluginConfig } from '@admin-api/codegen';
const _: GraphQLCodegenConfig & { generates: Record<string, { config: SdkPluginConfig }> } = {
  schema: 'admin-api.schema.graphql',`,
    after: '};',
  },
  'packages/emulator/src/install-app.ts installApp': {
    before: `import type { Emulator } from '@admin-api/emulator';
import { installApp } from '@admin-api/emulator/testing';
declare const emulator: Emulator;`,
  },
  'packages/emulator/src/start-emulator.ts startEmulator': {
    before: `import { startEmulator } from '@admin-api/emulator';`,
  },
  'packages/emulator/src/testing.ts useEmulator': {
    before: `import { useEmulator } from '@admin-api/emulator/testing';
import { it } from 'vitest';`,
  },
  // Not exported by the package either: its built module.
  'packages/redis/src/keys.ts fleetKeys': {
    before: `import { fleetKeys } from '../node_modules/@admin-api/redis/dist/keys.js';`,
  },
  'packages/redis/src/keys.ts fleetTokenKeys': {
    before: `import { fleetTokenKeys } from '../node_modules/@admin-api/redis/dist/keys.js';\ndeclare const secret: string;`,
  },
  'packages/redis/src/redis-dedupe-store.ts createRedisDedupeStore': {
    before: `import { createRedisDedupeStore } from '@admin-api/redis';`,
  },
  'packages/redis/src/redis-dedupe-store-options.ts RedisDedupeStoreOptions.keyPrefix': checkedAs(
    REDIS_DEDUPE_OPTIONS,
    "RedisDedupeStoreOptions['keyPrefix']",
  ),
  'packages/redis/src/redis-dedupe-store-options.ts RedisDedupeStoreOptions.commandTimeoutMs':
    checkedAs(REDIS_DEDUPE_OPTIONS, "RedisDedupeStoreOptions['commandTimeoutMs']"),
  'packages/redis/src/redis-dedupe-store-options.ts RedisDedupeStoreOptions.now': checkedAs(
    REDIS_DEDUPE_OPTIONS,
    "RedisDedupeStoreOptions['now']",
  ),
  'packages/redis/src/redis-fleet-options.ts RedisFleetOptions.share': checkedAs(
    `import type { RedisFleetOptions } from '@admin-api/redis';`,
    "RedisFleetOptions['share']",
  ),
  'packages/redis/src/redis-fleet.ts createRedisFleet': {
    before: `import { createAdminClientFromEnv } from '@admin-api/client';
import { createRedisFleet } from '@admin-api/redis';`,
  },
};

const PACKAGES = ['app', 'auth', 'client', 'codegen', 'emulator', 'postgres', 'redis'] as const;

const examples = findTsdocExamples(REPO_ROOT);
const fileOf = (index: number) => `src/example-${String(index + 1).padStart(2, '0')}.ts`;

/** The example in its context; `export {}` keeps each file a module of its own. */
function exampleFile({ before, after = '' }: ExampleContext, example: TsdocExample): string {
  return [before, example.code, after, 'export {};', ''].join('\n');
}

interface TscDiagnostic {
  /** The file as tsc names it, `undefined` for a diagnostic about the whole program. */
  readonly file: string | undefined;
  readonly line: number;
  readonly column: number;
  /** `error TS…: …`, with any further lines of the message. */
  readonly message: string;
}

/** tsc's plain output, one diagnostic per `file(line,col): error …` line and its indented rest. */
function parseTscOutput(output: string): TscDiagnostic[] {
  const diagnostics: { file: string | undefined; line: number; column: number; message: string }[] =
    [];
  for (const line of output.split('\n')) {
    if (line.trim() === '') continue;
    const located = /^(.+?)\((\d+),(\d+)\): (.*)$/.exec(line);
    const last = diagnostics.at(-1);
    if (located) {
      const [, file = '', row = '0', column = '0', message = ''] = located;
      diagnostics.push({ file, line: Number(row), column: Number(column), message });
    } else if (/^\s/.test(line) && last) {
      last.message += `\n${line}`;
    } else {
      diagnostics.push({ file: undefined, line: 0, column: 0, message: line });
    }
  }
  return diagnostics;
}

/** A diagnostic of an example's file, placed in the package source where the line comes from. */
function describeDiagnostic(
  diagnostic: TscDiagnostic,
  example: TsdocExample,
  context: ExampleContext,
): string {
  const codeStart = context.before.split('\n').length + 1;
  const origin = example.origins[diagnostic.line - codeStart];
  if (!origin) return `in the context given to it, line ${diagnostic.line}: ${diagnostic.message}`;
  const file = example.id.slice(0, example.id.indexOf(' '));
  const column = origin.column + diagnostic.column - 1;
  return `${file}:${origin.line}:${column}: ${diagnostic.message}`;
}

describe('each TSDoc @example in packages/*/src, as written', () => {
  let dir = '';
  let diagnostics: TscDiagnostic[] = [];
  beforeAll(async () => {
    const files: Record<string, string> = {};
    examples.forEach((example, index) => {
      const context = CONTEXT[example.id];
      if (context) files[fileOf(index)] = exampleFile(context, example);
    });
    dir = await createConsumerFolder('.tsdoc-examples-', files, PACKAGES);
    // One tsc program for all of them: its start-up is most of the cost.
    diagnostics = parseTscOutput(await typeCheckConsumer(dir));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it.each(examples.map((example, index) => [example.id, example, index] as const))(
    '%s type-checks in a strict consumer',
    (id, example, index) => {
      const context = CONTEXT[id];
      expect(
        context,
        `no context for the @example of ${id}: add its imports and declarations to CONTEXT in test/tsdoc-examples.test.ts`,
      ).toBeDefined();
      if (!context) return;
      // A tag or decorator line straight after `@example` would end it with nothing checked.
      expect(example.code, `the @example of ${id} is empty`).not.toBe('');
      const errors = diagnostics
        .filter(({ file }) => file?.endsWith(fileOf(index)))
        .map((diagnostic) => describeDiagnostic(diagnostic, example, context));
      expect(errors, `the @example of ${id} does not type-check as written`).toEqual([]);
    },
  );

  it('has an example for every entry of the context table', () => {
    const ids = new Set(examples.map(({ id }) => id));
    const stale = Object.keys(CONTEXT).filter((id) => !ids.has(id));
    expect(stale, 'CONTEXT entries with no @example: remove or rename them').toEqual([]);
  });

  it('reports no error outside the examples (the generated module, the program)', () => {
    const exampleFiles = examples.map((_, index) => fileOf(index));
    const elsewhere = diagnostics.filter(
      ({ file }) => !exampleFiles.some((name) => file?.endsWith(name)),
    );
    expect(elsewhere).toEqual([]);
  });
});
