import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const exampleDir = fileURLToPath(new URL('..', import.meta.url));
const ENV = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !name.startsWith('ADMIN_API_')),
);

describe('examples/basic, run as a user would (built packages, no credentials)', () => {
  it('gets a token from the embedded emulator and makes an authenticated me call', async () => {
    const { stdout } = await run('pnpm', ['run', '--silent', 'start'], {
      cwd: exampleDir,
      env: ENV,
    });
    expect(stdout).toContain('using the embedded emulator');
    expect(stdout).toMatch(/✔ token +Bearer …[\w-]{6}, expires in 14400 s/);
    expect(stdout).toContain('✔ me      {"id":"app_emulator-client"');
  });

  it('with some but not all variables set, names the missing ones and exits non-zero', async () => {
    const error = await run('pnpm', ['run', '--silent', 'start'], {
      cwd: exampleDir,
      env: { ...ENV, ADMIN_API_CLIENT_ID: 'only-this-one' },
    }).catch((e: unknown) => e as { code: number; stderr: string });
    expect(error).toMatchObject({ code: 1 });
    expect((error as { stderr: string }).stderr).toContain(
      'ADMIN_API_AUTH_URL, ADMIN_API_CLIENT_SECRET',
    );
  });
});
