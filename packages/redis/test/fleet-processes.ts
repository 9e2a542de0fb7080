import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import type { Emulator } from '@admin-api/emulator';
import { emulatorCredentials } from '@admin-api/emulator/testing';
import type { FleetWorkerOptions, ParentMessage, Tally, WorkerMessage } from './fleet-worker.js';

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const WORKER = fileURLToPath(new URL('./fleet-worker.ts', import.meta.url));

type Reply = Exclude<WorkerMessage, { type: 'ready' | 'event' }>;
export type FleetEventRecord = Extract<WorkerMessage, { type: 'event' }>['event'];

/** A real node process (TypeScript through tsx) running fleet-worker.ts. */
export interface FleetWorker {
  readonly pid: number;
  /** Every fleet event the worker's client received, in order. */
  readonly events: readonly FleetEventRecord[];
  call(count?: number): Promise<{ tally: Tally; tokenFingerprints: string[] }>;
  run(concurrency: number): void;
  stop(): Promise<Tally>;
  token(): Promise<string>;
  /** Resolves once the worker has reported an event of `type`, the `since`th event or later. */
  eventSeen(type: string, since?: number): Promise<void>;
  kill(): Promise<void>;
  exit(): Promise<void>;
}

export async function startFleetWorker(options: FleetWorkerOptions): Promise<FleetWorker> {
  const child: ChildProcess = fork(WORKER, [JSON.stringify(options)], {
    cwd: REPO_ROOT,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = once(child, 'exit');
  // A test run that dies must not leave workers behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  void exited.then(() => process.removeListener('exit', killOnExit));
  const events: FleetEventRecord[] = [];
  const replies: Array<(reply: Reply) => void> = [];
  const eventWaiters: Array<{ type: string; since: number; resolve: () => void }> = [];
  let failed: ((error: Error) => void) | undefined;
  const ready = new Promise<void>((resolve, reject) => {
    failed = reject;
    child.on('message', (message: WorkerMessage) => {
      if (message.type === 'ready') return resolve();
      if (message.type === 'event') {
        events.push(message.event);
        const index = events.length - 1;
        const due = eventWaiters.filter((w) => w.type === message.event.type && w.since <= index);
        for (const waiter of due) {
          eventWaiters.splice(eventWaiters.indexOf(waiter), 1);
          waiter.resolve();
        }
        return;
      }
      replies.shift()?.(message);
    });
  });
  child.once('exit', (code, signal) =>
    failed?.(new Error(`fleet worker exited (${code ?? signal})`)),
  );
  await ready;
  failed = undefined;

  const ask = <T extends Reply['type']>(message: ParentMessage, type: T) =>
    new Promise<Extract<Reply, { type: T }>>((resolve, reject) => {
      replies.push((reply) =>
        reply.type === type
          ? resolve(reply as Extract<Reply, { type: T }>)
          : reject(new Error(`expected ${type}, got ${reply.type}`)),
      );
      child.send(message);
    });

  return {
    pid: child.pid ?? 0,
    events,
    async call(count = 1) {
      const { tally, tokenFingerprints } = await ask({ type: 'call', count }, 'called');
      return { tally, tokenFingerprints };
    },
    run(concurrency) {
      child.send({ type: 'run', concurrency } satisfies ParentMessage);
    },
    async stop() {
      return (await ask({ type: 'stop' }, 'stopped')).tally;
    },
    async token() {
      return (await ask({ type: 'token' }, 'token')).accessToken;
    },
    eventSeen(type, since = 0) {
      if (events.slice(since).some((event) => event.type === type)) return Promise.resolve();
      return new Promise((resolve) => eventWaiters.push({ type, since, resolve }));
    },
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    async exit() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.send({ type: 'exit' } satisfies ParentMessage);
      await exited;
    },
  };
}

/** `count` workers of one app, started together; `overrides(i)` varies them (e.g. skew). */
export function startFleetWorkers(
  count: number,
  base: FleetWorkerOptions,
  overrides: (index: number) => Partial<FleetWorkerOptions> = () => ({}),
): Promise<FleetWorker[]> {
  return Promise.all(
    Array.from({ length: count }, (_, i) => startFleetWorker({ ...base, ...overrides(i) })),
  );
}

/** The worker options that point at `emulator` and the Redis at `redisUrl`. */
export function workerOptions(
  emulator: Emulator,
  redisUrl: string,
  extra: Partial<FleetWorkerOptions> = {},
): FleetWorkerOptions {
  return {
    redisUrl,
    ...emulatorCredentials(emulator),
    ...extra,
  };
}

/** Clocks an hour fast, an hour slow and right, in turn: every fleet test runs with skew. */
export const SKEWS = [0, 3_600_000, -3_600_000] as const;
export const skewed = (index: number) => ({ skewMs: SKEWS[index % SKEWS.length] ?? 0 });

/**
 * Records when each GraphQL request reaches the emulator (its fault hook is consulted on every
 * request, before auth and rate limiting), and lets a test script one answer by arrival number.
 */
export function recordArrivals(
  emulator: Emulator,
  script: (arrival: number) => import('@admin-api/emulator').Fault | undefined = () => undefined,
) {
  const arrivals: number[] = [];
  emulator.faults.random = (target) => {
    if (target !== 'graphql') return undefined;
    arrivals.push(Date.now());
    return script(arrivals.length);
  };
  return arrivals;
}

/** A {@link recordArrivals} script: the first request to arrive is answered 429 with `Retry-After`. */
export const first429 =
  (retryAfterS: number) =>
  (arrival: number): import('@admin-api/emulator').Fault | undefined =>
    arrival === 1
      ? {
          status: 429,
          body: '{"errors":[{"message":"Too many requests"}]}',
          headers: { 'content-type': 'application/json', 'retry-after': String(retryAfterS) },
        }
      : undefined;
