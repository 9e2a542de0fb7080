import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fleetKeys } from '../src/keys.js';
import { createRateBudget } from '../src/rate-budget.js';
import { mostCountedAtOnce, mostGrantsInAnyWindow } from './budget-windows.js';
import type { ParentMessage, WorkerMessage, WorkerOptions } from './budget-worker.js';
import { useRedisServer } from './redis-fixture.js';

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const WORKER = fileURLToPath(new URL('./budget-worker.ts', import.meta.url));
const CLIENT_ID = 'test-client-id';
const PROCESSES = 4;
const LIMIT = 10;
const WINDOW_MS = 250;

type Done = Extract<WorkerMessage, { type: 'done' }>;

/** A real node process (TypeScript through tsx) running budget-worker.ts. */
async function startWorker(options: WorkerOptions) {
  const child: ChildProcess = fork(WORKER, [JSON.stringify(options)], {
    cwd: REPO_ROOT,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = once(child, 'exit');
  const next = (): Promise<WorkerMessage> =>
    Promise.race([
      once(child, 'message').then(([message]) => message as WorkerMessage),
      exited.then(([code]) => {
        throw new Error(`budget worker exited with ${code}`);
      }),
    ]);
  const send = (message: ParentMessage) => child.send(message);
  await next();
  return {
    async run(grants: number): Promise<Done> {
      const done = next();
      send({ type: 'run', grants });
      return (await done) as Done;
    },
    async exit(): Promise<void> {
      send({ type: 'exit' });
      await exited;
    },
  };
}

describe('the rate budget across real processes', () => {
  const redis = useRedisServer();
  let workers: Array<Awaited<ReturnType<typeof startWorker>>> = [];

  beforeAll(async () => {
    const options = {
      url: redis.server.url,
      clientId: CLIENT_ID,
      limit: LIMIT,
      windowMs: WINDOW_MS,
    };
    workers = await Promise.all(Array.from({ length: PROCESSES }, () => startWorker(options)));
  });
  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.exit()));
  });

  it(`${PROCESSES} processes calling flat out never exceed the limit in any window`, async () => {
    const reports = await Promise.all(workers.map((worker) => worker.run(10)));
    const grants = reports.flatMap((report) => report.grants);
    expect(grants).toHaveLength(PROCESSES * 10);
    expect(mostGrantsInAnyWindow(grants, WINDOW_MS)).toBeLessThanOrEqual(LIMIT);
    // Also the stricter count, and proof that the processes did press against the limit.
    expect(mostCountedAtOnce(grants, WINDOW_MS)).toBe(LIMIT);
  });

  it('a pause set by one process holds every process until it ends', async () => {
    const budget = createRateBudget({
      client: redis.client,
      keys: fleetKeys(CLIENT_ID),
      rateLimit: { limit: LIMIT, windowMs: WINDOW_MS },
    });
    const { endsAt } = await budget.pauseFor(800);
    const reports = await Promise.all(workers.map((worker) => worker.run(1)));
    for (const { grants, denials } of reports) {
      expect(grants.every((grant) => grant.at >= endsAt)).toBe(true);
      expect(denials.every((denial) => denial.paused && denial.at < endsAt)).toBe(true);
    }
    expect(reports.flatMap((report) => report.denials).length).toBeGreaterThan(0);
  });
});
