import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TokenRequestError } from '@admin-api/auth';
import { useEmulator } from '@admin-api/emulator/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CodegenError } from '../src/index.js';
import {
  codegenFailure,
  emulatorCredentials,
  rejection,
  runCodegen,
  useProject,
} from './codegen-harness.js';

const emulator = useEmulator({ afterAll, beforeAll, beforeEach }, { rateLimit: false });
const project = useProject();
const DOCUMENTS = { 'src/me.graphql': 'query GetMe { me { id scopes } }\n' };
const JWT_LIKE = /[\w-]{8,}\.[\w-]{8,}\.[\w-]{8,}/;
const noCredentials = async () => undefined;

beforeEach(() => {
  for (const name of [
    'ADMIN_API_AUTH_URL',
    'ADMIN_API_BASE_URL',
    'ADMIN_API_CLIENT_ID',
    'ADMIN_API_CLIENT_SECRET',
  ]) {
    vi.stubEnv(name, '');
  }
  return () => vi.unstubAllEnvs();
});

describe('the schema cache', () => {
  it('is written on the first run with a header, and never holds the secret or a token', async () => {
    const dir = project(DOCUMENTS);
    const { content, logs } = await runCodegen(dir, {
      credentials: emulatorCredentials(emulator()),
    });
    expect(emulator().stats).toMatchObject({ tokenRequests: 1, graphqlRequests: 1 });
    const cache = readFileSync(join(dir, 'admin-api.schema.graphql'), 'utf8');
    expect(cache).toMatch(
      new RegExp(
        `^# Admin API schema, cached by @admin-api/codegen\\. Commit it; do not edit it\\.\\n# Refresh: run your codegen script with ADMIN_API_SCHEMA_REFRESH=1 set\\.\\n# source: ${emulator().baseUrl}/api/v2/admin/graphql\\n# fetched-at: \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z\\n# sha256: [0-9a-f]{64}\\n\\n`,
      ),
    );
    expect(cache).toContain('type MeResponse {');
    expect(cache).toContain('The date the app was added.');
    for (const text of [cache, content, logs.join('\n')]) {
      expect(text).not.toContain(emulator().clientSecret);
      expect(text).not.toMatch(JWT_LIKE);
    }
    expect(logs).toContain(`introspecting ${emulator().baseUrl}/api/v2/admin/graphql`);
  });

  it('when present, is used without any network', async () => {
    const dir = project(DOCUMENTS);
    const first = await runCodegen(dir, { credentials: emulatorCredentials(emulator()) });
    emulator().reset();
    const second = await runCodegen(dir, { credentials: emulatorCredentials(emulator()) });
    expect(emulator().stats).toMatchObject({ tokenRequests: 0, graphqlRequests: 0 });
    expect(second.content).toBe(first.content);
    expect(second.logs.join('\n')).toContain('using the cached schema');
  });

  it('lets codegen run with no credentials at all (CI without secrets)', async () => {
    const dir = project(DOCUMENTS);
    await runCodegen(dir, { credentials: emulatorCredentials(emulator()) });
    const { content, warnings } = await runCodegen(dir, { credentials: noCredentials });
    expect(content).toContain('export function getSdk');
    expect(warnings).toEqual([]);
  });

  it('is refreshed on request, and says when the schema is unchanged', async () => {
    const dir = project(DOCUMENTS);
    await runCodegen(dir, { credentials: emulatorCredentials(emulator()) });
    emulator().reset();
    const { logs } = await runCodegen(dir, {
      credentials: emulatorCredentials(emulator()),
      refreshSchema: true,
    });
    expect(emulator().stats.graphqlRequests).toBe(1);
    expect(logs.join('\n')).toMatch(/schema cache .* unchanged/);
  });

  it('is refreshed when older than maxAgeMs', async () => {
    const dir = project(DOCUMENTS);
    const path = join(dir, 'admin-api.schema.graphql');
    await runCodegen(dir, { credentials: emulatorCredentials(emulator()) });
    writeFileSync(
      path,
      readFileSync(path, 'utf8').replace(/fetched-at: \S+/, 'fetched-at: 2026-01-01T00:00:00.000Z'),
    );
    emulator().reset();
    const { logs } = await runCodegen(dir, {
      credentials: emulatorCredentials(emulator()),
      schemaCache: { path, maxAgeMs: 7 * 86_400_000 },
    });
    expect(emulator().stats.graphqlRequests).toBe(1);
    expect(logs.join('\n')).toMatch(/the cache is \d+ days old/);
    expect(readFileSync(path, 'utf8')).not.toContain('fetched-at: 2026-01-01');
  });

  it('stands in, with a warning, when a refresh fails', async () => {
    const dir = project(DOCUMENTS);
    await runCodegen(dir, { credentials: emulatorCredentials(emulator()) });
    emulator().faults.graphql.push({ status: 503, body: 'maintenance' });
    const { content, warnings } = await runCodegen(dir, {
      credentials: emulatorCredentials(emulator()),
      refreshSchema: true,
    });
    expect(content).toContain('export function getSdk');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^could not refresh the schema \(\[HTTP_ERROR\] .*HTTP 503 .*\); using the cached schema/,
    );
  });

  it('stands in, with a warning, when a refresh is due but credentials are missing', async () => {
    const dir = project(DOCUMENTS);
    await runCodegen(dir, { credentials: emulatorCredentials(emulator()) });
    const { warnings } = await runCodegen(dir, { credentials: noCredentials, refreshSchema: true });
    expect(warnings[0]).toContain(
      'ADMIN_API_BASE_URL, ADMIN_API_AUTH_URL, ADMIN_API_CLIENT_ID, ADMIN_API_CLIENT_SECRET are not set: using the cached schema',
    );
  });

  it('warns when the cache was edited by hand', async () => {
    const dir = project(DOCUMENTS);
    const path = join(dir, 'admin-api.schema.graphql');
    await runCodegen(dir, { credentials: emulatorCredentials(emulator()) });
    writeFileSync(path, `${readFileSync(path, 'utf8')}\nscalar Extra\n`);
    const { warnings } = await runCodegen(dir, { credentials: noCredentials });
    expect(warnings[0]).toContain('may have been edited by hand');
  });

  it('refuses a base URL carrying the secret, in its query or its user info, and never prints it', async () => {
    const secret = emulator().clientSecret;
    const base = emulator().baseUrl;
    for (const [baseUrl, shown] of [
      [`${base}/?s=${secret}`, `${base}/?…`],
      [base.replace('//', `//${emulator().clientId}:${secret}@`), `${base}/`],
    ] as const) {
      const logs: string[] = [];
      const lines = (message: string) => logs.push(message);
      const error = await codegenFailure(
        runCodegen(project(DOCUMENTS), {
          credentials: { ...emulatorCredentials(emulator()), baseUrl },
          logger: { info: lines, warn: lines },
        }),
      );
      expect((error as CodegenError).code).toBe('INVALID_OPTION');
      expect(logs).toContain(`no schema cache yet: loading the schema from ${shown}`);
      for (const text of [...logs, error.message, JSON.stringify(error)]) {
        expect(text).not.toContain(secret);
      }
    }
    expect(emulator().stats.tokenRequests).toBe(0);
  });

  it('with neither credentials nor a cache, codegen stops naming every missing variable', async () => {
    const dir = project(DOCUMENTS);
    const error = await rejection(runCodegen(dir, { credentials: noCredentials }));
    expect(error.message).toContain(
      'missing ADMIN_API_BASE_URL, ADMIN_API_AUTH_URL, ADMIN_API_CLIENT_ID, ADMIN_API_CLIENT_SECRET, and there is no schema cache',
    );
  });

  it('with wrong credentials and no cache, codegen stops with TOKEN_REQUEST_FAILED caused by the OAuth error, and no secret', async () => {
    const dir = project(DOCUMENTS);
    const error = await codegenFailure(
      runCodegen(dir, {
        credentials: { ...emulatorCredentials(emulator()), clientSecret: 'wrong-secret-value' },
      }),
    );
    expect(error).toBeInstanceOf(CodegenError);
    expect((error as CodegenError).code).toBe('TOKEN_REQUEST_FAILED');
    expect(error.cause).toBeInstanceOf(TokenRequestError);
    expect((error.cause as TokenRequestError).error).toBe('invalid_client');
    expect(error.message).not.toContain('wrong-secret-value');
  });
});
