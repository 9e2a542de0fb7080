import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { type Emulator, startEmulator } from '@admin-api/emulator';
import { emulatorCredentials } from '@admin-api/emulator/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NoCloseChildOptions } from './support/fleet-no-close-child.js';
import { freePort } from './support/free-port.js';
import { type RedisServerProcess, startRedisServer } from './support/redis-server-process.js';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const CHILD = fileURLToPath(new URL('./support/fleet-no-close-child.ts', import.meta.url));

/** Children still running: a test that failed by its timeout leaves its child to the file's end. */
const running = new Set<ChildProcess>();

/** Runs the child to its end; resolves with how it exited and the line it wrote. */
async function runChild(options: NoCloseChildOptions) {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, JSON.stringify(options)], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  running.add(child);
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  try {
    const [code, signal] = await once(child, 'exit');
    return { code, signal, report: JSON.parse(output.trim() || 'null') };
  } finally {
    running.delete(child);
    process.removeListener('exit', killOnExit);
  }
}

describe('a script that never calls fleet.close()', () => {
  let redis: RedisServerProcess;
  let emulator: Emulator;
  beforeAll(async () => {
    [redis, emulator] = await Promise.all([
      startRedisServer(),
      startEmulator({ rateLimit: false }),
    ]);
  });
  afterAll(async () => {
    for (const child of running) child.kill('SIGKILL');
    await emulator?.close();
    await redis?.close();
  });

  it('ends by itself once its calls are done, its connection to Redis left open', async () => {
    const ended = await runChild({
      redisUrl: redis.url,
      ...emulatorCredentials(emulator),
      calls: 3,
    });
    expect(ended).toEqual({
      code: 0,
      signal: null,
      report: { answered: 3, degraded: false, fleetEvents: [] },
    });
  });

  it('ends by itself when Redis never answered, its fleet still trying to reconnect and probing', async () => {
    const ended = await runChild({
      redisUrl: `redis://127.0.0.1:${await freePort()}`,
      ...emulatorCredentials(emulator),
      calls: 3,
    });
    expect(ended).toEqual({
      code: 0,
      signal: null,
      report: { answered: 3, degraded: true, fleetEvents: ['fleet_degraded'] },
    });
  });
});
