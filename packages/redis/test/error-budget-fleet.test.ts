import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { ErrorBlockRule } from '@admin-api/emulator';
import { emulatorCredentials, useEmulator } from '@admin-api/emulator/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ErrorBudgetWorkerOptions, ErrorBudgetWorkerTally } from './error-budget-worker.js';
import { useRedisServer } from './redis-fixture.js';

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const WORKER = fileURLToPath(new URL('./error-budget-worker.ts', import.meta.url));
const PROCESSES = 4;
// The service's hour rule scaled to 30 s of real time: above 25% from 41 requests.
const RULE: ErrorBlockRule = {
  errorRate: { above: 0.25 },
  windowMs: 30_000,
  minRequests: 41,
  blockMs: 60_000,
};
// The budget for it, as the defaults are to the service's figures: 20%, and free errors a
// twelfth of the rule's volume (25 of 301).
const BUDGET = { windowMs: 30_000, maxErrorRate: 0.2, freeErrors: 4, cooldownMs: 1_000 };

describe("the error budget shared by a fleet's processes", () => {
  const redis = useRedisServer();
  const emulator = useEmulator(
    { afterAll, beforeAll, beforeEach },
    { rateLimit: false, errorBlocks: { rules: [RULE] } },
  );

  const run = async (
    errorBudget: ErrorBudgetWorkerOptions['errorBudget'],
    bad: ErrorBudgetWorkerOptions['bad'],
  ) => {
    await redis.client.flushAll();
    const options: ErrorBudgetWorkerOptions = {
      redisUrl: redis.server.url,
      ...emulatorCredentials(emulator()),
      errorBudget,
      bad,
      steps: 80,
      stepMs: 25,
    };
    const outputs = await Promise.all(
      Array.from({ length: PROCESSES }, () =>
        promisify(execFile)(
          process.execPath,
          ['--import', 'tsx', WORKER, JSON.stringify(options)],
          {
            cwd: REPO_ROOT,
          },
        ),
      ),
    );
    return outputs.map(({ stdout }) => JSON.parse(stdout) as ErrorBudgetWorkerTally);
  };

  for (const bad of ['same', 'ids'] as const) {
    it(`${PROCESSES} processes looping on ${bad === 'same' ? 'one invalid mutation' : 'a bad id each time'} beside normal calls are never blocked, and every normal call succeeds`, async () => {
      const tallies = await run(BUDGET, bad);
      expect(emulator().stats.appBlocks).toEqual([]);
      expect(tallies.flatMap((tally) => tally.goodFailed)).toEqual([]);
      expect(tallies.reduce((sum, tally) => sum + tally.good, 0)).toBe(PROCESSES * 80);
      const refused = tallies.reduce(
        (sum, tally) => sum + Object.values(tally.refused).reduce((a, b) => a + b, 0),
        0,
      );
      expect(refused).toBeGreaterThan(0);
      // The counts went through Redis: each error at once (a process's last may still have been
      // on its way when it exited), other answers every 100 ms.
      const [key] = await redis.client.keys('*:errors');
      const counts = Object.entries(await redis.client.hGetAll(key ?? 'none'));
      const total = (kind: string) =>
        counts
          .filter(([field]) => field.startsWith(kind))
          .reduce((sum, [, n]) => sum + Number(n), 0);
      const badFailed = tallies.reduce((sum, tally) => sum + tally.badFailed, 0);
      expect(total('e')).toBeGreaterThanOrEqual(badFailed - PROCESSES);
      expect(total('e')).toBeLessThanOrEqual(badFailed);
      expect(total('r')).toBeGreaterThan(total('e'));
    });
  }

  it('the control: the same loops with errorBudget: false get the app blocked', async () => {
    const tallies = await run(false, 'same');
    expect(emulator().stats.appBlocks.length).toBeGreaterThan(0);
    expect(tallies.flatMap((tally) => tally.goodFailed)).toContain('GRAPHQL_ERROR');
  });
});
