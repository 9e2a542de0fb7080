import { join } from 'node:path';
import { useEmulator } from '@admin-api/emulator/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CodegenError } from '../src/index.js';
import { codegenFailure, runCodegen, useProject } from './codegen-harness.js';

const emulator = useEmulator({ afterAll, beforeAll, beforeEach }, { rateLimit: false });
const project = useProject();
const NAMES = [
  'ADMIN_API_AUTH_URL',
  'ADMIN_API_BASE_URL',
  'ADMIN_API_CLIENT_ID',
  'ADMIN_API_CLIENT_SECRET',
];

beforeEach(() => {
  for (const name of NAMES) vi.stubEnv(name, undefined);
});
afterEach(() => vi.unstubAllEnvs());

describe('credentials from the environment and .env in the folder codegen runs in', () => {
  it('supplies the credentials when the environment has none', async () => {
    const emu = emulator();
    const dir = project({
      'src/me.graphql': 'query GetMe { me { id } }\n',
      '.env': `ADMIN_API_AUTH_URL=${emu.authUrl}\nADMIN_API_BASE_URL=${emu.baseUrl}\nADMIN_API_CLIENT_ID=${emu.clientId}\nADMIN_API_CLIENT_SECRET=${emu.clientSecret}\n`,
    });
    const { content } = await runCodegen(dir, { envFile: join(dir, '.env') });
    expect(content).toContain('getMe: call(GetMeDocument)');
    expect(emu.stats.tokensIssued).toBe(1);
  });

  it('also backs a credentials function that returns undefined', async () => {
    const emu = emulator();
    vi.stubEnv('ADMIN_API_AUTH_URL', emu.authUrl);
    vi.stubEnv('ADMIN_API_BASE_URL', emu.baseUrl);
    vi.stubEnv('ADMIN_API_CLIENT_ID', emu.clientId);
    vi.stubEnv('ADMIN_API_CLIENT_SECRET', emu.clientSecret);
    const dir = project({ 'src/me.graphql': 'query GetMe { me { id } }\n' });
    const { content } = await runCodegen(dir, { credentials: async () => undefined });
    expect(content).toContain('getMe: call(GetMeDocument)');
    expect(emu.stats.tokensIssued).toBe(1);
  });

  it('does not override variables already set', async () => {
    const emu = emulator();
    vi.stubEnv('ADMIN_API_CLIENT_SECRET', 'from-the-environment');
    const dir = project({
      'src/me.graphql': 'query GetMe { me { id } }\n',
      '.env': `ADMIN_API_AUTH_URL=${emu.authUrl}\nADMIN_API_BASE_URL=${emu.baseUrl}\nADMIN_API_CLIENT_ID=${emu.clientId}\nADMIN_API_CLIENT_SECRET=${emu.clientSecret}\n`,
    });
    await expect(runCodegen(dir, { envFile: join(dir, '.env') })).rejects.toThrow(/invalid_client/);
  });

  it('names the variable a refused URL came from, and never shows the secret', async () => {
    const emu = emulator();
    vi.stubEnv('ADMIN_API_AUTH_URL', emu.authUrl);
    vi.stubEnv('ADMIN_API_BASE_URL', `${emu.clientSecret} pasted here`);
    vi.stubEnv('ADMIN_API_CLIENT_ID', emu.clientId);
    vi.stubEnv('ADMIN_API_CLIENT_SECRET', emu.clientSecret);
    const dir = project({ 'src/me.graphql': 'query GetMe { me { id } }\n' });
    const error = await codegenFailure(runCodegen(dir));
    expect(error).toBeInstanceOf(CodegenError);
    expect((error as CodegenError).code).toBe('INVALID_OPTION');
    expect(error.message).toMatch(
      /ADMIN_API_BASE_URL contains the client secret .*; it sets baseUrl$/,
    );
    expect(`${error.message}\n${JSON.stringify(error)}`).not.toContain(emu.clientSecret);
    expect(emu.stats.tokensIssued).toBe(0);
  });
});
