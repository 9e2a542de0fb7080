import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const exampleDir = fileURLToPath(new URL('..', import.meta.url));
const ENV = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !name.startsWith('ADMIN_API_')),
);

describe('examples/basic, run as a user would (built packages, generated SDK, no credentials)', () => {
  it('makes typed calls through the client against the embedded emulator', async () => {
    const { stdout } = await run('pnpm', ['run', '--silent', 'start'], {
      cwd: exampleDir,
      env: ENV,
    });
    expect(stdout).toContain('using the embedded emulator');
    expect(stdout).toContain(
      '✔ me        Emulator Private App (app_emulator-client) on emulator-store',
    );
    expect(stdout).toMatch(/✔ products {2}120 listed page by page, \d+ units in stock/);
  });

  it('with some but not all variables set, names every missing one and exits non-zero', async () => {
    const error = await run('pnpm', ['run', '--silent', 'start'], {
      cwd: exampleDir,
      env: { ...ENV, ADMIN_API_CLIENT_ID: 'only-this-one' },
    }).catch((e: unknown) => e as { code: number; stderr: string });
    expect(error).toMatchObject({ code: 1 });
    expect((error as { stderr: string }).stderr).toContain(
      'ConfigurationError: Missing environment variables ADMIN_API_BASE_URL, ADMIN_API_AUTH_URL, ADMIN_API_CLIENT_SECRET',
    );
  });
});
