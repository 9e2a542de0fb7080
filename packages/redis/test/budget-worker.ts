/**
 * One process of a fleet, for rate-budget-processes.test.ts. Connects and reports `ready`; on
 * each `run` message takes `grants` slots as fast as the budget allows (holding each a few ms,
 * like a request) and reports every grant's and denial's Redis times; exits on `exit`.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { createClient } from '@redis/client';
import { fleetKeys } from '../src/keys.js';
import { createRateBudget } from '../src/rate-budget.js';
import type { GrantTimes } from './budget-windows.js';

export interface WorkerOptions {
  url: string;
  clientId: string;
  limit: number;
  windowMs: number;
}

export type ParentMessage = { type: 'run'; grants: number } | { type: 'exit' };

export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'done'; grants: GrantTimes[]; denials: Array<{ at: number; paused: boolean }> };

const send = (message: WorkerMessage) => process.send?.(message);

const options = JSON.parse(process.argv[2] ?? '{}') as WorkerOptions;
const client = createClient({ url: options.url });
await client.connect();
const budget = createRateBudget({
  client,
  keys: fleetKeys(options.clientId),
  rateLimit: { limit: options.limit, windowMs: options.windowMs },
});

async function run(count: number): Promise<void> {
  const grants: GrantTimes[] = [];
  const denials: Array<{ at: number; paused: boolean }> = [];
  while (grants.length < count) {
    const attempt = await budget.tryAcquire();
    if (!attempt.granted) {
      denials.push({ at: attempt.at, paused: attempt.paused });
      await sleep(attempt.waitMs);
      continue;
    }
    await sleep(Math.random() * 5);
    const { releasedAt } = await attempt.slot.release();
    grants.push({ at: attempt.at, releasedAt });
  }
  send({ type: 'done', grants, denials });
}

process.on('message', (message: ParentMessage) => {
  if (message.type === 'run') {
    run(message.grants).catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
  } else {
    client.close().finally(() => process.disconnect());
  }
});
send({ type: 'ready' });
