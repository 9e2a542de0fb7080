import { useEmulator } from '@admin-api/emulator/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AbortedError, type AdminApiEvent, type AdminClientBaseOptions } from '../src/index.js';
import { clientFor, rejection } from './client-fixture.js';
import { GetMe } from './documents.js';
import { createVirtualTime } from './virtual-time.js';

const emulator = useEmulator({ afterAll, beforeAll, beforeEach }, { rateLimit: false });
const CALLS = 50;

/** Node's warning for an EventTarget that gathered more than ten listeners of one type. */
const LEAK_WARNING = 'MaxListenersExceededWarning';

/** Runs `body` and returns the names of the process warnings emitted meanwhile. */
async function warningsDuring(body: () => Promise<void>): Promise<string[]> {
  const warnings: string[] = [];
  const record = (warning: Error) => warnings.push(warning.name);
  process.on('warning', record);
  try {
    await body();
    // Warnings are emitted on the next tick of the listener that caused them.
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.off('warning', record);
  }
  return warnings;
}

/** A fresh client (no token yet) whose events of `type` are counted; `reached` resolves at `count`. */
function coldClient(
  type: AdminApiEvent['type'],
  count: number,
  options: Partial<AdminClientBaseOptions> = {},
) {
  let seen = 0;
  let reach!: () => void;
  const reached = new Promise<void>((resolve) => {
    reach = resolve;
  });
  const client = clientFor(emulator(), {
    // Every call must reach its retry: the error budget would refuse some after the 503s.
    errorBudget: false,
    ...options,
    onEvent: (event) => {
      if (event.type === type && ++seen === count) reach();
    },
  });
  return { client, reached };
}

type Client = ReturnType<typeof clientFor>;

/** `CALLS` concurrent calls of `client`, all with `signal`. */
const callsWith = (client: Client, signal: AbortSignal) =>
  Array.from({ length: CALLS }, () => client.request(GetMe, {}, { signal }));

/** `CALLS` calls sharing one signal, each answered: the warnings emitted meanwhile. */
const warningsOfAnsweredCalls = (client: Client) =>
  warningsDuring(async () => {
    const results = await Promise.all(callsWith(client, new AbortController().signal));
    expect(results).toHaveLength(CALLS);
  });

/**
 * `CALLS` calls sharing one signal, aborted once `reached` resolves, each rejected with
 * AbortedError: the warnings emitted meanwhile.
 */
const warningsOfAbortedCalls = (client: Client, reached: Promise<void>) =>
  warningsDuring(async () => {
    const controller = new AbortController();
    const calls = callsWith(client, controller.signal).map(rejection);
    await reached;
    controller.abort();
    for (const error of await Promise.all(calls)) expect(error).toBeInstanceOf(AbortedError);
  });

describe('one signal shared by many concurrent calls', () => {
  it('50 calls at a cold start, all waiting for the first token, add no listener-leak warning', async () => {
    const { client } = coldClient('token_request', 1);
    const warnings = await warningsOfAnsweredCalls(client);
    expect(warnings).not.toContain(LEAK_WARNING);
  });

  it('50 calls at a cold start, most queued by the pacer, add no listener-leak warning', async () => {
    const time = createVirtualTime();
    const { client } = coldClient('token_request', 1, {
      rateLimit: { limit: 5, windowMs: 1_000 },
      now: time.now,
      monotonicNow: time.now,
      setTimer: time.setTimer,
    });
    const warnings = await warningsOfAnsweredCalls(client);
    expect(warnings).not.toContain(LEAK_WARNING);
  });

  it('aborting 50 calls that wait for the first token rejects each with AbortedError, with no warning', async () => {
    emulator().faults.token.push({ delayMs: 10_000 });
    const { client, reached } = coldClient('token_request', 1);
    const warnings = await warningsOfAbortedCalls(client, reached);
    expect(warnings).not.toContain(LEAK_WARNING);
    expect(emulator().stats.graphqlRequests).toBe(0);
  });

  it('aborting 50 calls, 5 in flight and 45 queued by the pacer, rejects each with AbortedError, with no warning', async () => {
    emulator().faults.graphql.push(...Array.from({ length: 5 }, () => ({ delayMs: 10_000 })));
    const { client, reached } = coldClient('graphql_request', 5, {
      rateLimit: { limit: 5, windowMs: 60_000 },
    });
    const warnings = await warningsOfAbortedCalls(client, reached);
    expect(warnings).not.toContain(LEAK_WARNING);
    // The queued 45 sent nothing; the 5 aborted in flight may not have arrived.
    expect(emulator().stats.graphqlRequests).toBeLessThanOrEqual(5);
  });

  it('aborting 50 calls waiting out a retry backoff rejects each with AbortedError, with no warning', async () => {
    emulator().faults.graphql.push(...Array.from({ length: CALLS }, () => ({ status: 503 })));
    // A timer that never fires: only the abort can end the backoff.
    const { client, reached } = coldClient('graphql_retry', CALLS, { setTimer: () => () => {} });
    const warnings = await warningsOfAbortedCalls(client, reached);
    expect(warnings).not.toContain(LEAK_WARNING);
    expect(emulator().stats.graphqlRequests).toBe(CALLS);
  });
});
