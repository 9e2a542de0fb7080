import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { envWithoutCredentials } from '../../../test/support/env-without-credentials.js';

const run = promisify(execFile);
const exampleDir = fileURLToPath(new URL('..', import.meta.url));
const ENV = envWithoutCredentials();

describe('examples/basic, run as a user would (built packages, generated SDK, no credentials)', () => {
  it('makes the generated SDK’s typed calls against the embedded emulator and prints readable results', async () => {
    const { stdout } = await run('pnpm', ['run', '--silent', 'start'], {
      cwd: exampleDir,
      env: ENV,
    });
    expect(stdout).toContain('using the embedded emulator');
    const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
    const lines = stdout.split('\n').filter((line) => line.startsWith('✔'));
    expect(lines).toHaveLength(6);
    expect(lines[0]).toMatch(
      new RegExp(
        `^✔ getMe\\(\\) {10}Emulator Private App \\(${uuid}\\); scopes READ_CAMPAIGNS, READ_CUSTOMERS, READ_INVENTORIES, READ_ORDERS, READ_PRODUCTS, WRITE_CAMPAIGNS, WRITE_CUSTOMERS, WRITE_INVENTORIES, WRITE_ORDERS, WRITE_PRODUCTS, WRITE_STOREFRONT$`,
      ),
    );
    expect(lines[1]).toMatch(
      /^✔ listProducts\(\) {3}120 products in 3 pages of 50, by name; \d+ units in stock$/,
    );
    expect(lines[2]).toMatch(
      /^✔ listProducts\(\) {3}2 with SKU EMU-\d{4}-\d or EMU-\d{4}-\d: [^,]+, [^,]+$/,
    );
    expect(lines[3]).toMatch(
      /^✔ listOrders\(\) {5}\d+ orders CANCELLED or REFUNDED in the last 30 days, \d+\.\d\d TRY in all; latest #1\d{3} by \S[^,]*$/,
    );
    expect(lines[4]).toMatch(
      /^✔ listCustomers\(\) {2}30 customers; updated last: [^,]+, [^,]+, [^,]+$/,
    );
    expect(lines[5]).toMatch(
      new RegExp(
        `^✔ saveProduct\\(\\) {4}created ${uuid} "Kit Demo Kupa" at \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z; 1 variant: KIT-DEMO-1 at 149\\.90 TRY \\(active\\)$`,
      ),
    );
    // Nullable fields are handled, never printed as they come.
    expect(stdout).not.toMatch(/\b(undefined|null|NaN)\b/);
  });

  it('reads the .env of the folder pnpm runs in, as the repo root’s for `pnpm start`', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'basic-env-'));
    try {
      await writeFile(join(folder, '.env'), 'ADMIN_API_CLIENT_ID=from-the-root-env\n');
      const error = await run('pnpm', ['--dir', exampleDir, 'run', '--silent', 'start'], {
        cwd: folder,
        env: ENV,
      }).catch((e: unknown) => e as { code: number; stderr: string });
      expect(error).toMatchObject({ code: 1 });
      expect((error as { stderr: string }).stderr).toContain(
        'Missing environment variables ADMIN_API_BASE_URL, ADMIN_API_AUTH_URL, ADMIN_API_CLIENT_SECRET',
      );
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
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
