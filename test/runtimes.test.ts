import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { emulatorCredentials, useEmulator } from '@admin-api/emulator/testing';
import { build } from 'esbuild';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RUNTIME_SOURCE_ALIASES } from './runtime-sources.js';
import { runWithInput, serveWorkerd } from './runtimes/child-processes.js';
import { type RuntimeReport, runChecks } from './runtimes/run-checks.js';
import { bunBinary, denoBinary, workerd } from './runtimes/runtime-binaries.js';
import { workerConfig } from './runtimes/worker-config.js';

const emulator = useEmulator({ afterAll, beforeAll, beforeEach }, { rateLimit: false });
const repo = fileURLToPath(new URL('..', import.meta.url));
/** Every product the emulator seeds (seed 1), in pages of `PAGE_LIMIT` (50): three pages. */
const SEEDED_PRODUCTS = 120;

let dir = '';
let reference: RuntimeReport;
const children = new Set<ChildProcess>();

/**
 * One self-contained ES module: the packages' sources and the entry, nothing left to resolve
 * from node_modules. `node:*` stays external so that a stray Node import would show up in the
 * bundle (the test refuses one); none is reached from `@admin-api/client`'s public API.
 */
async function bundle(entry: string, outfile: string, conditions: string[]): Promise<string> {
  await build({
    entryPoints: [join(repo, 'test', 'runtimes', entry)],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    conditions,
    external: ['node:*'],
    absWorkingDir: repo,
    logLevel: 'silent',
    alias: { ...RUNTIME_SOURCE_ALIASES },
  });
  return readFileSync(outfile, 'utf8');
}

/** The bundle names no Node module and holds no credential: the secret comes from outside. */
function expectSelfContained(code: string): void {
  expect(code).not.toMatch(/["']node:/);
  expect(code).not.toContain(emulator().clientSecret);
  expect(code).not.toContain(emulator().clientId);
}

/** What every runtime must report: what the same checks report on Node, over loopback. */
function expectReport(report: unknown): void {
  expect(report).toEqual(reference);
  expect(emulator().stats).toMatchObject({
    tokenRequests: 1,
    tokensIssued: 1,
    // getMe, then 120 products in pages of 50.
    graphqlRequests: 1 + Math.ceil(SEEDED_PRODUCTS / 50),
    unauthorized: 0,
    secretLeaks: 0,
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'admin-api-runtimes-'));
  // The reference run, on Node; each test starts from a fresh emulator (same seed, same ids).
  reference = await runChecks(emulatorCredentials(emulator()));
  expect(reference).toMatchObject({
    endpoint: `${emulator().baseUrl}/api/v2/admin/graphql`,
    productCount: SEEDED_PRODUCTS,
    distinctProductIds: SEEDED_PRODUCTS,
  });
  expect(reference.me?.id).toEqual(expect.any(String));
  expect(emulator().authUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(emulator().baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
});

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

describe('a bundled getMe() and paginate over every product, through a token provider', () => {
  let cliBundle = '';
  beforeAll(async () => {
    cliBundle = join(dir, 'cli.mjs');
    expectSelfContained(await bundle('cli-entry.ts', cliBundle, []));
  });
  // The credentials go in on stdin: no file, argument or environment variable holds them.
  const input = () => JSON.stringify(emulatorCredentials(emulator()));

  it('runs on Bun', async () => {
    const stdout = await runWithInput(bunBinary(), ['run', cliBundle], {
      input: input(),
      cwd: dir,
      env: { PATH: process.env.PATH, HOME: dir },
    });
    expectReport(JSON.parse(stdout));
  });

  it('runs on Deno with network access to 127.0.0.1 only, and no environment access', async () => {
    const stdout = await runWithInput(
      denoBinary,
      ['run', '--no-prompt', '--allow-net=127.0.0.1', '--deny-env', cliBundle],
      { input: input(), cwd: dir, env: { PATH: process.env.PATH, DENO_DIR: join(dir, 'deno') } },
    );
    expectReport(JSON.parse(stdout));
  });

  it("runs on workerd, the secret an env binding from workerd's environment, fetches to loopback only", async () => {
    const { binary, compatibilityDate } = workerd();
    const module = 'worker.mjs';
    expectSelfContained(
      await bundle('worker-entry.ts', join(dir, module), ['workerd', 'worker', 'browser']),
    );
    const { authUrl, baseUrl, clientId, clientSecret } = emulator();
    const config = workerConfig({
      module,
      compatibilityDate,
      text: {
        ADMIN_API_AUTH_URL: authUrl,
        ADMIN_API_BASE_URL: baseUrl,
        ADMIN_API_CLIENT_ID: clientId,
      },
      fromEnvironment: 'ADMIN_API_CLIENT_SECRET',
    });
    expect(config).not.toContain(clientSecret);
    writeFileSync(join(dir, 'config.capnp'), config);

    const { child, port } = await serveWorkerd(binary, 'config.capnp', {
      cwd: dir,
      env: { ADMIN_API_CLIENT_SECRET: clientSecret },
    });
    children.add(child);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/`);
      const body: unknown = await response.json();
      expect({ status: response.status, body }).toEqual({ status: 200, body: reference });
      expectReport(body);
    } finally {
      child.kill('SIGKILL');
      children.delete(child);
    }
  });
});
