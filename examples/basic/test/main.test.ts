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
  it('makes the generated SDK’s typed calls against the embedded emulator', async () => {
    const { stdout } = await run('pnpm', ['run', '--silent', 'start'], {
      cwd: exampleDir,
      env: ENV,
    });
    expect(stdout).toContain('using the embedded emulator');
    expect(stdout).toContain(
      '✔ getMe()         Emulator Private App (app_emulator-client) on emulator-store',
    );
    expect(stdout).toMatch(
      /✔ listProducts\(\) {2}\d+ physical products, page by page; \d+ units in stock/,
    );
    expect(stdout).toMatch(/✔ saveProduct\(\) {3}created prd_\d+ "Kit Demo Mug"/);
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
