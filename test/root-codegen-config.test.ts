import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { envWithoutCredentials } from './support/env-without-credentials.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));
const ENV = envWithoutCredentials();

describe('the root codegen.ts (`pnpm codegen`, run by `pnpm start`)', () => {
  it('with some but not all ADMIN_API_* variables set, names the missing ones instead of quietly using the emulator', async () => {
    const error = await run('pnpm', ['run', '--silent', 'codegen'], {
      cwd: root,
      env: { ...ENV, ADMIN_API_BASE_URL: 'https://example.invalid' },
    }).catch((e: unknown) => e as { code: number; stdout: string; stderr: string });
    expect(error).toMatchObject({ code: 1 });
    const { stdout, stderr } = error as { stdout: string; stderr: string };
    expect(stderr).toContain(
      '[MISSING_ENV] Cannot load the Admin API schema: missing ADMIN_API_AUTH_URL, ADMIN_API_CLIENT_ID, ADMIN_API_CLIENT_SECRET',
    );
    expect(`${stdout}${stderr}`).not.toContain('embedded emulator');
  });
});
