import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envWithoutCredentials } from '../../../test/support/env-without-credentials.js';
import {
  type RedisServerProcess,
  startRedisServer,
} from '../../../test/support/redis-server-process.js';

const run = promisify(execFile);
const exampleDir = fileURLToPath(new URL('..', import.meta.url));
const ENV = envWithoutCredentials();
// Four node processes and the emulator start on a shared machine: give them time.
const RUN_TIMEOUT_MS = 180_000;

describe('examples/fleet, run as a user would (built packages, a real redis-server)', () => {
  let redis: RedisServerProcess | undefined;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await redis?.close();
  });

  it(
    'a pool of 3 processes makes 1 token request between them and earns no 429',
    async () => {
      const { stdout } = await run('pnpm', ['run', '--silent', 'start'], {
        cwd: exampleDir,
        env: { ...ENV, REDIS_URL: redis?.url, FLEET_WORKERS: '3', FLEET_CALLS: '3' },
      });
      expect(stdout).toContain('3 worker processes share one app through Redis');
      expect(stdout).toMatch(/^total +9 +0 +1 +90$/m);
      expect(stdout).toContain('summary: 0 × 429, 1 token request(s) for 3 processes');
    },
    RUN_TIMEOUT_MS,
  );
});
