import { fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { emulatorCredentials, useEmulator } from '@admin-api/emulator/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fleetKeys } from '../src/keys.js';
import type { PauseExitChildMessage, PauseExitChildOptions } from './pause-exit-child.js';
import { redisTime, until, useRedisServer } from './redis-fixture.js';

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const CHILD = fileURLToPath(new URL('./pause-exit-child.ts', import.meta.url));
const PAUSE_MS = 10 * 60_000;

describe('a process whose calls wait in a fleet pause', () => {
  const redis = useRedisServer();
  const emulator = useEmulator({ afterAll, beforeAll, beforeEach }, { rateLimit: false });

  it('exits by itself once its waiting call is aborted and the fleet closed, long before the pause ends', async () => {
    const keys = fleetKeys(emulator().clientId);
    // Another process's 429 asked for ten minutes.
    const pauseEndsAt = (await redisTime(redis.client)) + PAUSE_MS;
    await redis.client.set(keys.budgetPause, String(pauseEndsAt), { PX: PAUSE_MS });
    const options: PauseExitChildOptions = {
      redisUrl: redis.server.url,
      ...emulatorCredentials(emulator()),
      maxRetryAfterMs: 2 * PAUSE_MS,
    };
    const child = fork(CHILD, [JSON.stringify(options)], {
      cwd: REPO_ROOT,
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const killOnExit = () => child.kill('SIGKILL');
    process.once('exit', killOnExit);
    try {
      const exited = once(child, 'exit');
      const messages: PauseExitChildMessage[] = [];
      child.on('message', (message: PauseExitChildMessage) => messages.push(message));
      await until(async () => messages.some((m) => m.type === 'waiting'));
      // The call's turn has asked Redis for a slot and been told of the pause.
      await until(async () => (await redis.client.exists(keys.budgetConfigs)) === 1);
      child.send({ type: 'abort-and-close' });

      const [code, signal] = await exited;
      expect({ code, signal }).toEqual({ code: 0, signal: null });
      expect(messages).toContainEqual({ type: 'closed', code: 'ABORTED', fleetDegraded: true });
      expect(emulator().stats.graphqlRequests).toBe(0);
    } finally {
      child.kill('SIGKILL');
      process.removeListener('exit', killOnExit);
    }
  });
});
