import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { type AdminApiEvent, createAdminClient, HttpError, RateLimitError } from '../src/index.js';
import { rejection } from './client-fixture.js';
import { GetMe } from './documents.js';
import {
  type LoopbackServer,
  loopbackClient,
  readRequestBody,
  startServer,
} from './loopback-server.js';
import { createVirtualTime, type VirtualTime } from './virtual-time.js';

const ME = '{"data":{"me":{"id":"1","name":"x","scopes":[]}}}';

function answer(res: ServerResponse, status: number, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(status === 200 ? ME : '{"errors":[{"message":"no"}]}');
}

/**
 * A server that answers its first request with `status` and `headers`, and every later one
 * with a result; it records the virtual time each request arrived at.
 */
async function firstAnswers(
  time: VirtualTime,
  status: number,
  headers: Record<string, string>,
  { every = false } = {},
): Promise<LoopbackServer & { arrivals: number[] }> {
  const arrivals: number[] = [];
  const server = await startServer(async (req, res) => {
    arrivals.push(time.now());
    await readRequestBody(req);
    if (every || arrivals.length === 1) answer(res, status, headers);
    else answer(res, 200);
  });
  servers.push(server);
  return Object.assign(server, { arrivals });
}

/** A clock and timers the test moves by hand: nothing fires until the test says so. */
function manualTime() {
  let clock = 0;
  const timers = new Set<() => void>();
  return {
    now: () => clock,
    setTimer: (callback: () => void) => {
      timers.add(callback);
      return () => timers.delete(callback);
    },
    /** Timers set and not yet fired or cancelled. */
    get pending() {
      return timers.size;
    },
    /** Moves the clock by `ms` and fires every pending timer. */
    advance(ms: number) {
      clock += ms;
      for (const fire of [...timers]) {
        timers.delete(fire);
        fire();
      }
    },
  };
}

const servers: LoopbackServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

describe('a 429 pauses the whole client', () => {
  it('a Retry-After beyond maxRetryAfterMs fails the queued and later calls fast, none of them sent', async () => {
    const time = createVirtualTime();
    const server = await firstAnswers(time, 429, { 'retry-after': '3600' }, { every: true });
    // A budget of one: the other 19 calls wait in the pacer while the first is answered.
    const client = loopbackClient(server, {
      rateLimit: { limit: 1, windowMs: 1_000 },
      now: time.now,
      monotonicNow: time.now,
      setTimer: time.setTimer,
    });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => client.request(GetMe)),
    );
    const errors = results.map((r) => (r.status === 'rejected' ? r.reason : r.value));
    expect(server.requests).toBe(1);
    for (const error of errors) expect(error).toBeInstanceOf(RateLimitError);
    expect(errors[0]).toMatchObject({ code: 'RATE_LIMITED', attempts: 1, retryAfterMs: 3_600_000 });
    for (const error of errors.slice(1)) {
      expect(error).toMatchObject({ code: 'RATE_LIMITED', attempts: 0 });
      expect((error as RateLimitError).retryAfterMs).toBeGreaterThan(60_000);
      expect((error as RateLimitError).retryAfterMs).toBeLessThanOrEqual(3_600_000);
    }

    const later = await rejection(client.request(GetMe));
    expect(later).toBeInstanceOf(RateLimitError);
    expect(later).toMatchObject({ code: 'RATE_LIMITED', attempts: 0 });
    expect(server.requests).toBe(1);
  });

  it('calls the pacer held through a short pause are sent when it ends, keeping their slots', async () => {
    const time = manualTime();
    const turns = async (n: number) => {
      for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
    };
    const server = await firstAnswers(createVirtualTime(), 429, { 'retry-after': '2' });
    // Requests as they are sent (an event just before fetch), so counting needs no I/O.
    let sent = 0;
    // A budget of 5 per second: 10 calls wait in the pacer while the first five are answered.
    const client = loopbackClient(server, {
      rateLimit: { limit: 5, windowMs: 1_000 },
      now: time.now,
      monotonicNow: time.now,
      setTimer: time.setTimer,
      onEvent: (event: AdminApiEvent) => {
        if (event.type === 'graphql_request') sent++;
      },
    });
    let settled = 0;
    const calls = Array.from({ length: 15 }, () =>
      client.request(GetMe).finally(() => {
        settled++;
      }),
    );
    // Until the four answered calls are done and the 429 is being waited out.
    while (settled < 4 || time.pending < 2) await turns(1);
    expect(sent).toBe(5);
    time.advance(2_000);
    await turns(10);
    // The pause is over and the first five slots' window with it: five held calls go at once,
    // rather than handing their slots back, which would count against the budget for a window.
    expect(sent).toBe(10);
    while (settled < 15) {
      time.advance(1_000);
      await turns(20);
    }
    await Promise.all(calls);
    expect(server.requests).toBe(16);
  });

  it('a call that was waiting for its token when another call met a 429 is not sent until the pause ends', async () => {
    const time = manualTime();
    const server = await firstAnswers(createVirtualTime(), 429, { 'retry-after': '2' });
    let sent = 0;
    let tokenCalls = 0;
    let releaseToken: (() => void) | undefined;
    const client = createAdminClient({
      baseUrl: server.url,
      rateLimit: false,
      now: time.now,
      monotonicNow: time.now,
      setTimer: time.setTimer,
      tokenProvider: {
        async getToken() {
          tokenCalls++;
          // The second call's token comes only once the first call's 429 is in, as a refresh
          // or a retry after a 401 may take that long.
          if (tokenCalls === 2) await new Promise<void>((resolve) => (releaseToken = resolve));
          return {
            accessToken: 'token',
            tokenType: 'Bearer',
            expiresIn: 3600,
            expiresAt: time.now() + 3_600_000,
          };
        },
        async invalidate() {},
      },
      onEvent: (event: AdminApiEvent) => {
        if (event.type === 'graphql_request') sent++;
        if (event.type === 'graphql_retry') releaseToken?.();
      },
    });
    const calls = [client.request(GetMe), client.request(GetMe)];
    // Until both calls wait on the pause's timers, or the second is sent.
    while (time.pending < 2 && sent < 2) await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toBe(1);
    time.advance(2_000);
    await Promise.all(calls);
    expect(sent).toBe(3);
  });

  it.each([
    ['without a pacer', false as const],
    ['with a pacer', { limit: 50, windowMs: 1_000 }],
  ])(
    'a 429 met with the 429 retries spent still holds every other call for its Retry-After (%s)',
    async (_, rateLimit) => {
      const time = createVirtualTime();
      const server = await firstAnswers(time, 429, { 'retry-after': '2' });
      const client = loopbackClient(server, {
        rateLimit,
        retry: { rateLimitRetries: 0 },
        now: time.now,
        monotonicNow: time.now,
        setTimer: time.setTimer,
      });
      const error = await rejection(client.request(GetMe));
      expect(error).toBeInstanceOf(RateLimitError);
      await client.request(GetMe);
      expect(server.requests).toBe(2);
      expect((server.arrivals[1] ?? 0) - (server.arrivals[0] ?? 0)).toBeGreaterThanOrEqual(2_000);
    },
  );

  it('without a pacer (rateLimit: false), calls made during the wait are held until it ends, then sent', async () => {
    const time = manualTime();
    const server = await firstAnswers(createVirtualTime(), 429, { 'retry-after': '2' });
    const others: Promise<unknown>[] = [];
    const client = loopbackClient(server, {
      now: time.now,
      monotonicNow: time.now,
      setTimer: time.setTimer,
      onEvent: (event: AdminApiEvent) => {
        // The 429 has been answered and is being waited out: five more calls start now.
        if (event.type === 'graphql_retry') {
          for (let i = 0; i < 5; i++) others.push(client.request(GetMe));
        }
      },
    });
    const first = client.request(GetMe);
    // Until every call waits on a timer, or one of the five reaches the server.
    while (time.pending < 6 && server.requests < 2) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(server.requests).toBe(1);
    time.advance(2_000);
    await Promise.all([first, ...others]);
    expect(server.requests).toBe(7);
  });
  it('a pause is waited out once per call: a test timer that fires at once is trusted over the real clock', async () => {
    const server = await firstAnswers(createVirtualTime(), 429, { 'retry-after': '3' });
    const delays: number[] = [];
    const client = loopbackClient(server, {
      setTimer: (callback, delayMs) => {
        delays.push(delayMs);
        setImmediate(callback);
        return () => {};
      },
    });
    await client.request(GetMe);
    expect(server.requests).toBe(2);
    expect(delays).toHaveLength(1);
  });
});

describe('Retry-After on a 503', () => {
  it('a query retried after a 503 waits at least its Retry-After, not the shorter backoff', async () => {
    const time = createVirtualTime();
    const server = await firstAnswers(time, 503, { 'retry-after': '5' });
    const client = loopbackClient(server, {
      now: time.now,
      monotonicNow: time.now,
      setTimer: time.setTimer,
    });
    await client.request(GetMe);
    expect(server.requests).toBe(2);
    expect((server.arrivals[1] ?? 0) - (server.arrivals[0] ?? 0)).toBeGreaterThanOrEqual(5_000);
  });

  it('a 503 asking for a wait beyond maxRetryAfterMs is not retried, and does not pause other calls', async () => {
    const time = createVirtualTime();
    const server = await firstAnswers(time, 503, { 'retry-after': '3600' });
    const client = loopbackClient(server, {
      now: time.now,
      monotonicNow: time.now,
      setTimer: time.setTimer,
    });
    const error = await rejection(client.request(GetMe));
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ code: 'HTTP_ERROR', status: 503, attempts: 1 });
    expect((error as HttpError).message).toContain('asked to wait 3600 s');
    const started = time.now();
    await client.request(GetMe);
    expect(server.requests).toBe(2);
    expect(time.now()).toBe(started);
  });
});
