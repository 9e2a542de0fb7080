import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { emulatorEnv, useEmulator } from '@admin-api/emulator/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAdminClientFromEnv } from '../src/index.js';
import { refusedAtFirstUse } from './client-fixture.js';

const emulator = useEmulator({ afterAll, beforeAll, beforeEach }, { rateLimit: false });
const GET_ME = 'query GetMe { me { name } }';
const VARIABLES = [
  'ADMIN_API_AUTH_URL',
  'ADMIN_API_BASE_URL',
  'ADMIN_API_CLIENT_ID',
  'ADMIN_API_CLIENT_SECRET',
];

const envText = (vars: Record<string, string>) =>
  Object.entries(vars)
    .map(([name, value]) => `${name}=${value}\n`)
    .join('');

/**
 * Each test runs in a fresh project folder as the working directory, with no ADMIN_API_* variable
 * set; whatever a `.env` loads into process.env is removed afterwards.
 */
let dir = '';
const saved = { cwd: process.cwd(), env: { ...process.env } };
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'admin-api-client-env-'));
  process.chdir(dir);
  for (const name of VARIABLES) delete process.env[name];
});
afterEach(() => {
  process.chdir(saved.cwd);
  for (const name of VARIABLES) {
    if (saved.env[name] === undefined) delete process.env[name];
    else process.env[name] = saved.env[name];
  }
  rmSync(dir, { recursive: true, force: true });
});

describe('createAdminClientFromEnv reads .env as admin-api codegen does', () => {
  it('reads .env in the working directory, and the client it makes answers a typed call', async () => {
    writeFileSync('.env', envText(emulatorEnv(emulator())));
    const client = createAdminClientFromEnv();
    const answer = await client.request<{ me: { name: string | null } | null }>(GET_ME);
    expect(answer.me?.name).toBe('Emulator Private App');
  });

  it('reads nothing until it is first used, so a module can create it where secrets come later (next build)', async () => {
    const client = createAdminClientFromEnv();
    const refused = await refusedAtFirstUse(client);
    expect(refused.code).toBe('MISSING_ENV');
    // The deploy's secrets arrive: the same client, created before them, reads them now.
    writeFileSync('.env', envText(emulatorEnv(emulator())));
    const answer = await client.request<{ me: { name: string | null } | null }>(GET_ME);
    expect(answer.me?.name).toBe('Emulator Private App');
  });

  it('lets variables already set win over .env', () => {
    writeFileSync('.env', envText(emulatorEnv(emulator())));
    process.env.ADMIN_API_BASE_URL = 'https://api.example.com';
    expect(createAdminClientFromEnv().endpoint).toBe(
      'https://api.example.com/api/v2/admin/graphql',
    );
  });

  it('reads the file envFile names, relative to the working directory', () => {
    mkdirSync('config');
    writeFileSync('config/admin.env', envText(emulatorEnv(emulator())));
    const client = createAdminClientFromEnv({ envFile: 'config/admin.env' });
    expect(client.endpoint).toBe(`${emulator().baseUrl}/api/v2/admin/graphql`);
  });

  it('with envFile: false reads no file, and names every missing variable', async () => {
    writeFileSync('.env', envText(emulatorEnv(emulator())));
    const error = await refusedAtFirstUse(createAdminClientFromEnv({ envFile: false }));
    expect(error.code).toBe('MISSING_ENV');
    expect(error.missing).toHaveLength(4);
    // Points at no file, since none was read.
    expect(error.message).toContain(
      'Set them in the environment (envFile: false reads no .env file)',
    );
  });

  it('with an explicit env object reads no file', async () => {
    writeFileSync('.env', envText(emulatorEnv(emulator())));
    const error = await refusedAtFirstUse(createAdminClientFromEnv({ env: {} }));
    expect(error.code).toBe('MISSING_ENV');
    expect(process.env.ADMIN_API_CLIENT_SECRET).toBeUndefined();
    expect(error.message).toContain('Set them in the env object given (no .env file is read');
  });

  it('points at the file envFile names when variables are missing', async () => {
    const error = await refusedAtFirstUse(
      createAdminClientFromEnv({ envFile: 'config/absent.env' }),
    );
    expect(error.code).toBe('MISSING_ENV');
    expect(error.message).toContain('Set them in the environment or config/absent.env');
  });

  it('names the variable a malformed value came from, not only the option', async () => {
    const env = { ...emulatorEnv(emulator()), ADMIN_API_BASE_URL: 'htp://typo.example' };
    const error = await refusedAtFirstUse(createAdminClientFromEnv({ env }));
    expect(error).toMatchObject({ code: 'INVALID_OPTION' });
    expect(error.message).toBe('ADMIN_API_BASE_URL must use https: (got htp:); it sets baseUrl');
    // An override is the caller's own option: it is named as such, with no variable.
    const overridden = await refusedAtFirstUse(
      createAdminClientFromEnv({ env, baseUrl: 'htp://typo.example' }),
    );
    expect((overridden as Error).message).not.toContain('ADMIN_API_BASE_URL');
  });

  it('refuses a plain http:// ADMIN_API_AUTH_URL to a remote host, naming the variable', async () => {
    const env = { ...emulatorEnv(emulator()), ADMIN_API_AUTH_URL: 'http://example.com/' };
    const error = await refusedAtFirstUse(createAdminClientFromEnv({ env }));
    expect(error.code).toBe('INSECURE_URL');
    expect(error.message).toContain('(ADMIN_API_AUTH_URL, which sets authUrl)');
  });

  it('never shows the secret when it was set in ADMIN_API_BASE_URL by mistake', async () => {
    const vars = emulatorEnv(emulator());
    const env = { ...vars, ADMIN_API_BASE_URL: vars.ADMIN_API_CLIENT_SECRET };
    const error = await refusedAtFirstUse(createAdminClientFromEnv({ env }));
    expect(error.code).toBe('INVALID_OPTION');
    expect(error.message).toMatch(/^ADMIN_API_BASE_URL contains the client secret/);
    const cause = error.cause instanceof Error ? error.cause.message : '';
    for (const text of [error.message, error.stack, JSON.stringify(error), cause])
      expect(text).not.toContain(vars.ADMIN_API_CLIENT_SECRET);
  });

  it('names both variables when ADMIN_API_AUTH_URL and ADMIN_API_BASE_URL are one origin', async () => {
    const vars = emulatorEnv(emulator());
    const env = { ...vars, ADMIN_API_AUTH_URL: vars.ADMIN_API_BASE_URL };
    const error = await refusedAtFirstUse(createAdminClientFromEnv({ env }));
    expect(error.code).toBe('INVALID_OPTION');
    expect(error.message).toMatch(
      /^ADMIN_API_AUTH_URL \(authUrl\) and ADMIN_API_BASE_URL \(baseUrl\) must be different origins/,
    );
  });

  it('without a .env file, names every missing variable', async () => {
    const error = await refusedAtFirstUse(createAdminClientFromEnv());
    expect(error.code).toBe('MISSING_ENV');
    expect(error.missing).toEqual([
      'ADMIN_API_BASE_URL',
      'ADMIN_API_AUTH_URL',
      'ADMIN_API_CLIENT_ID',
      'ADMIN_API_CLIENT_SECRET',
    ]);
  });

  it('refuses an env file it cannot read with INVALID_OPTION, without reading further', async () => {
    mkdirSync('.env');
    const error = await refusedAtFirstUse(createAdminClientFromEnv());
    expect(error.code).toBe('INVALID_OPTION');
    expect(error.message).toContain('The env file .env cannot be read');
  });
});
