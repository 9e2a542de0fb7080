import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CodegenError,
  type LoadSchemaOptions,
  loadSchemaSdl,
  readSchemaCache,
} from '../src/index.js';
import { rejection } from './codegen-harness.js';
import { SECRET, serveSchema, useFakeAdminApi } from './fake-admin-api.js';
import { TINY_SDL, writeTinyCache } from './tiny-schema.js';

const api = useFakeAdminApi({ afterAll, beforeAll, beforeEach });
const DAY_MS = 86_400_000;
let dir: string;
let cachePath: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'admin-api-cache-'));
  cachePath = join(dir, 'admin-api.schema.graphql');
  for (const name of ['AUTH_URL', 'BASE_URL', 'CLIENT_ID', 'CLIENT_SECRET']) {
    vi.stubEnv(`ADMIN_API_${name}`, '');
  }
});
afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(dir, { recursive: true, force: true });
});

/** Loads the schema as codegen does, collecting what it logs. */
async function load(options: Partial<LoadSchemaOptions> = {}) {
  const warnings: string[] = [];
  const loaded = await loadSchemaSdl({
    cachePath,
    credentials: async () => undefined,
    logger: { info: () => {}, warn: (message) => warnings.push(message) },
    ...options,
  });
  return { ...loaded, warnings };
}

async function loadError(options: Partial<LoadSchemaOptions> = {}): Promise<CodegenError> {
  const error = await rejection(load(options));
  expect(error).toBeInstanceOf(CodegenError);
  return error as CodegenError;
}

function cutShort() {
  writeTinyCache(cachePath);
  const text = readFileSync(cachePath, 'utf8');
  writeFileSync(cachePath, text.slice(0, text.indexOf('type Product')));
}

describe('a schema cache that cannot be used', () => {
  it('because it is empty is an INVALID_CACHE error naming the file', async () => {
    writeFileSync(cachePath, '');
    const error = await loadError();
    expect(error.code).toBe('INVALID_CACHE');
    expect(error.message).toContain(cachePath);
    expect(error.message).toContain('admin-api schema pull');
  });

  it('names the pull command of the package manager running codegen', async () => {
    writeFileSync(cachePath, '');
    vi.stubEnv('npm_config_user_agent', 'npm/10.9.2 node/v20.20.2 linux x64 workspaces/false');
    const npm = await loadError().finally(() => vi.unstubAllEnvs());
    expect(npm.message).toContain(
      'Run `npx -p @admin-api/codegen admin-api schema pull` to rewrite it',
    );
    vi.stubEnv('npm_config_user_agent', 'pnpm/10.34.9 npm/? node/v20.20.2 linux x64');
    const pnpm = await loadError().finally(() => vi.unstubAllEnvs());
    expect(pnpm.message).toContain('Run `pnpm exec admin-api schema pull` to rewrite it');
  });

  it('because it holds only its header is an INVALID_CACHE error', async () => {
    writeTinyCache(cachePath);
    const text = readFileSync(cachePath, 'utf8');
    writeFileSync(cachePath, text.slice(0, text.indexOf('\n\n') + 2));
    expect((await loadError()).code).toBe('INVALID_CACHE');
  });

  it('because it was cut mid-definition is an INVALID_CACHE error', async () => {
    writeTinyCache(cachePath);
    const text = readFileSync(cachePath, 'utf8');
    writeFileSync(cachePath, text.slice(0, text.indexOf('name: String')));
    expect((await loadError()).code).toBe('INVALID_CACHE');
  });

  it('because it was cut between two definitions is an INVALID_CACHE error', async () => {
    cutShort();
    expect((await loadError()).code).toBe('INVALID_CACHE');
  });

  it('is replaced from the network, with a warning, when credentials are set', async () => {
    cutShort();
    const { from, sdl, warnings } = await load({ credentials: api().credentials });
    expect(from).toBe('network');
    expect(sdl).toBe(TINY_SDL);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`the schema cache ${cachePath}`);
    expect(readSchemaCache(cachePath)?.intact).toBe(true);
  });

  it('is reported by readSchemaCache as INVALID_CACHE too', () => {
    writeFileSync(cachePath, '# sha256: 0\n\ntype Query {');
    expect(() => readSchemaCache(cachePath)).toThrow(CodegenError);
  });
});

describe('a schema cache that may have been edited', () => {
  it('warns when its sha256 header line was removed', async () => {
    writeTinyCache(cachePath);
    writeFileSync(cachePath, readFileSync(cachePath, 'utf8').replace(/^# sha256: .*\n/m, ''));
    const { from, warnings } = await load();
    expect(from).toBe('cache');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('may have been edited by hand');
  });

  it('is used without a warning while its header matches', async () => {
    writeTinyCache(cachePath);
    expect((await load()).warnings).toEqual([]);
  });
});

describe('a schema cache fetched in the future', () => {
  it('counts as stale when maxAgeMs is set, with a warning, and is refreshed', async () => {
    writeTinyCache(cachePath, new Date(Date.now() + 365 * DAY_MS));
    const { from, warnings } = await load({
      credentials: api().credentials,
      maxAgeMs: 7 * DAY_MS,
    });
    expect(from).toBe('network');
    expect(warnings[0]).toContain('its age is unknown and it counts as stale');
    expect(readSchemaCache(cachePath)?.fetchedAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('is used without maxAgeMs, with a warning that its age is unknown', async () => {
    writeTinyCache(cachePath, new Date(Date.now() + 365 * DAY_MS));
    const { from, warnings } = await load();
    expect(from).toBe('cache');
    expect(warnings[0]).toContain('its age is unknown');
  });

  it('by less than a clock difference between machines is simply fresh', async () => {
    writeTinyCache(cachePath, new Date(Date.now() + 10_000));
    const { from, warnings } = await load({ maxAgeMs: DAY_MS });
    expect(from).toBe('cache');
    expect(warnings).toEqual([]);
  });
});

describe('the schema cache never holds the token or the secret', () => {
  it.each([
    ['the access token', () => api().token],
    ['the client secret', () => SECRET],
  ])('a schema with %s in a description is refused and no cache is written', async (_, secret) => {
    api().answer(
      serveSchema(`type Query {\n  """Use ${secret()} to call me."""\n  me: String\n}\n`),
    );
    const error = await loadError({ credentials: api().credentials });
    expect(error.code).toBe('INTROSPECTION_FAILED');
    expect(error.message).not.toContain(secret());
    expect(existsSync(cachePath)).toBe(false);
  });

  // The secret is `fake secret+/=value`: a space and the characters forms encode.
  it.each([
    ['percent-encoded with lowercase hex', 'fake%20secret%2b%2f%3dvalue'],
    ['form-encoded with lowercase hex', 'fake+secret%2b%2f%3dvalue'],
    ['with its + read as a space', 'fake secret /=value'],
    ['with its + read as a space, then percent-encoded', 'fake%20secret%20%2F%3Dvalue'],
    ['JSON-escaped', 'fake secret\\u002b\\/=value'],
    ['as HTML character references', 'fake secret&#43;&#x2F;=value'],
  ])(
    'a schema with the client secret %s in a description is refused and no cache is written',
    async (_, form) => {
      api().answer(serveSchema(`type Query {\n  """Use ${form} to call me."""\n  me: String\n}\n`));
      const error = await loadError({ credentials: api().credentials });
      expect(error.code).toBe('INTROSPECTION_FAILED');
      expect(error.message).toContain('client secret');
      expect(existsSync(cachePath)).toBe(false);
    },
  );
});
