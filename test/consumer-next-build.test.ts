import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { emulatorEnv, useEmulator } from '@admin-api/emulator/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { envWithoutCredentials } from './support/env-without-credentials.js';

const exec = promisify(execFile);
const repo = fileURLToPath(new URL('..', import.meta.url));
const emulator = useEmulator({ afterAll, beforeAll, beforeEach }, { rateLimit: false });

let dir = '';
const project = () => join(dir, 'app');
const next = () => join(project(), 'node_modules/next/dist/bin/next');

/**
 * A user's shell with none of the ADMIN_API_* variables, this run's own npm cache, and none of
 * the repo's bin folders or the npm_* settings of the pnpm running vitest.
 */
function shell(): NodeJS.ProcessEnv {
  const path = (process.env.PATH ?? '').split(delimiter).filter((entry) => !entry.startsWith(repo));
  return {
    ...envWithoutCredentials((name) => name.startsWith('npm_') || name === 'NODE_ENV'),
    PATH: path.join(delimiter),
    npm_config_cache: join(dir, 'cache/npm'),
    NEXT_TELEMETRY_DISABLED: '1',
  };
}

async function run(command: string, args: readonly string[], cwd: string) {
  try {
    return await exec(command, args, { cwd, env: shell(), maxBuffer: 32 * 1024 * 1024 });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed:\n${stdout}${stderr}`);
  }
}

const tarball = (name: string) => {
  const { version } = JSON.parse(
    readFileSync(join(repo, 'packages', name, 'package.json'), 'utf8'),
  );
  return `file:${join(dir, 'tarballs', `admin-api-${name}-${version}.tgz`)}`;
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'admin-api-next-'));
  await run(
    'pnpm',
    [
      '-r',
      '--filter',
      '@admin-api/client',
      '--filter',
      '@admin-api/auth',
      'pack',
      '--pack-destination',
      join(dir, 'tarballs'),
    ],
    repo,
  );
  mkdirSync(join(project(), 'app/api/me'), { recursive: true });
  const kit = { '@admin-api/auth': tarball('auth'), '@admin-api/client': tarball('client') };
  writeFileSync(
    join(project(), 'package.json'),
    JSON.stringify({
      name: 'next-consumer',
      private: true,
      type: 'module',
      dependencies: {
        '@admin-api/client': kit['@admin-api/client'],
        graphql: '^16.0.0',
        next: '^16.0.0',
        react: '^19.0.0',
        'react-dom': '^19.0.0',
      },
      overrides: kit,
    }),
  );
  // The client is made where the module loads, as apps do; the build loads the module to collect
  // its page data, with no secret anywhere.
  writeFileSync(
    join(project(), 'app/api/me/route.js'),
    `import { createAdminClientFromEnv } from '@admin-api/client';

const client = createAdminClientFromEnv();

export const dynamic = 'force-dynamic';

export async function GET() {
  const { me } = await client.request('query GetMe { me { name } }');
  return Response.json({ name: me?.name ?? null });
}
`,
  );
  await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], project());
}, 600_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a Next.js app whose route module creates the client at module level', () => {
  it('builds with no ADMIN_API_* variable and no .env', async () => {
    expect(existsSync(join(project(), '.env'))).toBe(false);
    const build = await run(process.execPath, [next(), 'build'], project());
    expect(build.stdout).toMatch(/ƒ \/api\/me/);
  }, 300_000);

  it('answers getMe at request time once the variables are set', async () => {
    const server = spawn(
      process.execPath,
      [next(), 'start', '--hostname', '127.0.0.1', '--port', '0'],
      {
        cwd: project(),
        env: { ...shell(), ...emulatorEnv(emulator()) },
      },
    );
    try {
      const origin = await new Promise<string>((resolve, reject) => {
        let output = '';
        server.stdout.on('data', (chunk: Buffer) => {
          output += chunk;
          const port = /127\.0\.0\.1:(\d+)[\s\S]*Ready in/.exec(output)?.[1];
          if (port) resolve(`http://127.0.0.1:${port}`);
        });
        server.on('exit', (code) =>
          reject(new Error(`next start exited with ${code}:\n${output}`)),
        );
      });
      const response = await fetch(`${origin}/api/me`);
      expect(await response.json()).toEqual({ name: 'Emulator Private App' });
      expect(emulator().stats.tokenRequests).toBe(1);
    } finally {
      if (server.exitCode === null && server.signalCode === null) {
        const exited = once(server, 'exit');
        server.kill();
        await exited;
      }
    }
  }, 120_000);
});
