import { emulatorCredentials, useEmulator } from '@admin-api/emulator/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type AdminApiEvent,
  type AdminClient,
  AuthError,
  createAdminClient,
  createPacer,
} from '../src/index.js';
import { rejection } from './client-fixture.js';
import { GetMe } from './documents.js';
import {
  type LoopbackServer,
  loopbackClient,
  readRequestBody,
  startServer,
} from './loopback-server.js';
import { createSteppedClocks, type SteppedClocks, turn, WALL_START } from './stepped-clocks.js';

// The probe's figures: a wall clock set back 120 s held 21 waiting calls for about 130 s, and one
// set forward 15 s released 20 calls at once into 20 429s. Every test here moves the monotonic
// clock by hand and sets the wall clock while calls wait; it counts what was sent, window by
// window.

const ME = '{"data":{"me":{"id":"1","name":"x","scopes":[]}}}';
const servers: LoopbackServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** Counts a client's requests in flight, to wait until none is. */
function inFlightCounter() {
  let sent = 0;
  let answered = 0;
  return {
    onEvent(event: AdminApiEvent) {
      if (event.type === 'graphql_request') sent++;
      if (event.type === 'graphql_response') answered++;
    },
    /**
     * Until every request sent has been answered and the slots it freed sent nothing more: the
     * client releases a slot before it reports the answer, and a call given a slot is sent
     * within the same turn of the event loop.
     */
    async settle() {
      for (;;) {
        await turn();
        if (answered !== sent) continue;
        await turn();
        if (answered === sent) return;
      }
    },
  };
}

/** Requests per window of the monotonic clock, from the first window on. */
function perWindow(sentAt: readonly number[], windowMs: number, windows: number): number[] {
  const counts = Array.from({ length: windows }, () => 0);
  for (const at of sentAt) {
    const index = Math.floor(at / windowMs);
    counts[index] = (counts[index] ?? 0) + 1;
  }
  return counts;
}

describe('the pacer measures its windows on the monotonic clock', () => {
  const WINDOW = { limit: 5, windowMs: 1_000 };

  /**
   * A server that counts as the service does, on its own clock (which no step of the client's
   * wall clock moves): in each window of the monotonic clock, a request beyond the limit is
   * answered 429.
   */
  async function windowedServer(clocks: SteppedClocks) {
    const arrivals: number[] = [];
    let refused = 0;
    const server = await startServer(async (req, res) => {
      arrivals.push(clocks.monotonic());
      const window = Math.floor(clocks.monotonic() / WINDOW.windowMs);
      const inWindow = arrivals.filter((at) => Math.floor(at / WINDOW.windowMs) === window).length;
      await readRequestBody(req);
      if (inWindow > WINDOW.limit) {
        refused++;
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
        res.end('{"errors":[{"message":"Too many requests"}]}');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(ME);
    });
    servers.push(server);
    return {
      server,
      perWindow: (windows: number) => perWindow(arrivals, WINDOW.windowMs, windows),
      refused: () => refused,
    };
  }

  function pacedClient(server: LoopbackServer, clocks: SteppedClocks) {
    const counter = inFlightCounter();
    const client = loopbackClient(server, {
      rateLimit: WINDOW,
      retry: false,
      now: clocks.wall,
      monotonicNow: clocks.monotonic,
      setTimer: clocks.setTimer,
      onEvent: counter.onEvent,
    });
    return { client, settle: counter.settle };
  }

  it('a wall clock set back 120 s while 20 calls wait in the pacer holds none of them: five a window, as before', async () => {
    const clocks = createSteppedClocks();
    const { server, perWindow, refused } = await windowedServer(clocks);
    const { client, settle } = pacedClient(server, clocks);
    const calls = Promise.allSettled(Array.from({ length: 25 }, () => client.request(GetMe)));
    await settle();
    clocks.stepWall(-120_000);
    for (let window = 1; window < 5; window++) {
      clocks.advance(WINDOW.windowMs);
      await settle();
    }
    expect(perWindow(5)).toEqual([5, 5, 5, 5, 5]);
    expect(refused()).toBe(0);
    expect((await calls).map((r) => r.status)).toEqual(Array(25).fill('fulfilled'));
  });

  it('a wall clock set forward 15 s while 20 calls wait in the pacer releases no burst: five a window, no 429', async () => {
    const clocks = createSteppedClocks();
    const { server, perWindow, refused } = await windowedServer(clocks);
    const { client, settle } = pacedClient(server, clocks);
    const calls = Array.from({ length: 25 }, () => client.request(GetMe));
    await settle();
    clocks.stepWall(15_000);
    // A call made now finds the window as full as it was: on the monotonic clock it has not
    // passed.
    calls.push(client.request(GetMe));
    await settle();
    for (let window = 1; window < 6; window++) {
      clocks.advance(WINDOW.windowMs);
      await settle();
    }
    expect(perWindow(6)).toEqual([5, 5, 5, 5, 5, 1]);
    expect(refused()).toBe(0);
    expect((await Promise.allSettled(calls)).map((r) => r.status)).toEqual(
      Array(26).fill('fulfilled'),
    );
  });

  describe('with its default clocks', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('reads performance.now, not Date.now: a step of Date either way moves no window', async () => {
      vi.useFakeTimers({
        now: WALL_START,
        toFake: ['Date', 'performance', 'setTimeout', 'clearTimeout'],
      });
      const pacer = createPacer({ limit: 2, windowMs: 1_000 });
      const releases: (() => void)[] = [];
      let acquired = 0;
      const take = () =>
        pacer.acquire().then((release) => {
          acquired++;
          releases.push(release);
        });
      const waiting = Array.from({ length: 6 }, take);
      await vi.advanceTimersByTimeAsync(0);
      expect(acquired).toBe(2);
      for (const release of releases.splice(0)) release();

      vi.setSystemTime(Date.now() - 120_000);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(acquired).toBe(4);
      for (const release of releases.splice(0)) release();

      vi.setSystemTime(Date.now() + 15_000);
      // A new caller makes the pacer look at its clock at once.
      waiting.push(take());
      await vi.advanceTimersByTimeAsync(0);
      expect(acquired).toBe(4);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(acquired).toBe(6);
      for (const release of releases.splice(0)) release();
      await vi.advanceTimersByTimeAsync(1_000);
      await Promise.all(waiting);
      expect(acquired).toBe(7);
    });
  });
});

describe('a 429 pause is measured on the monotonic clock', () => {
  it.each([
    ['back 120 s', -120_000],
    ['forward 15 s', 15_000],
  ])(
    'a Retry-After HTTP date is turned into a wait once, at receipt: the wall clock set %s during the wait neither lengthens nor ends it',
    async (_, stepMs) => {
      const clocks = createSteppedClocks();
      const server = await startServer(async (req, res) => {
        await readRequestBody(req);
        if (server.requests === 1) {
          // Five seconds from now on the server's clock, which agrees with the client's wall clock.
          const retryAfter = new Date(clocks.wall() + 5_000).toUTCString();
          res.writeHead(429, { 'content-type': 'application/json', 'retry-after': retryAfter });
          res.end('{"errors":[{"message":"Too many requests"}]}');
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(ME);
      });
      servers.push(server);
      const client = loopbackClient(server, {
        now: clocks.wall,
        monotonicNow: clocks.monotonic,
        setTimer: clocks.setTimer,
        onEvent: (event) => {
          // The 429 has been read and its date turned into a wait: the wall clock is set now.
          if (event.type === 'graphql_retry') clocks.stepWall(stepMs);
        },
      });
      let settled = false;
      const call = client.request(GetMe).finally(() => {
        settled = true;
      });
      // Until the call waits on a timer, or it was sent again, or it ended.
      while (clocks.pending === 0 && server.requests < 2 && !settled) await turn();
      expect(server.requests).toBe(1);
      clocks.advance(4_999);
      await turn();
      expect(server.requests).toBe(1);
      clocks.advance(1);
      await expect(call).resolves.toBeDefined();
      expect(server.requests).toBe(2);
    },
  );
});

describe('against the emulator with its rate limit on', () => {
  // The emulator counts on its own clock, which a step of the client's wall clock does not move:
  // the monotonic clock of the test, from the wall clock's start.
  let clocks = createSteppedClocks();
  const BUDGET = { limit: 50, windowMs: 1_000 };
  const emulator = useEmulator(
    { afterAll, beforeAll, beforeEach },
    { rateLimit: BUDGET, now: () => WALL_START + clocks.monotonic() },
  );
  beforeEach(() => {
    clocks = createSteppedClocks();
  });

  function clientOf(options: { onEvent?: (event: AdminApiEvent) => void } = {}): AdminClient {
    return createAdminClient({
      ...emulatorCredentials(emulator()),
      rateLimit: BUDGET,
      now: clocks.wall,
      monotonicNow: clocks.monotonic,
      setTimer: clocks.setTimer,
      ...options,
    });
  }

  it('201 calls through a wall clock set back 120 s, then forward 15 s: at most 50 a window, none held, no 429', async () => {
    const counter = inFlightCounter();
    const sentAt: number[] = [];
    const durations: number[] = [];
    const client = clientOf({
      onEvent(event) {
        counter.onEvent(event);
        // What the emulator sees: its clock does not move while requests are on their way.
        if (event.type === 'graphql_request') sentAt.push(clocks.monotonic());
        if (event.type === 'graphql_response' || event.type === 'token_response') {
          durations.push(event.durationMs);
        }
      },
    });
    await client.tokenProvider.getToken();
    const calls = Array.from({ length: 200 }, () => client.request(GetMe));
    await counter.settle();
    clocks.stepWall(-120_000);
    clocks.advance(BUDGET.windowMs);
    await counter.settle();
    clocks.stepWall(15_000);
    calls.push(client.request(GetMe));
    await counter.settle();
    for (let window = 2; window < 5; window++) {
      clocks.advance(BUDGET.windowMs);
      await counter.settle();
    }
    expect(perWindow(sentAt, BUDGET.windowMs, 5)).toEqual([50, 50, 50, 50, 1]);
    expect((await Promise.allSettled(calls)).map((r) => r.status)).toEqual(
      Array(201).fill('fulfilled'),
    );
    expect(emulator().stats).toMatchObject({ graphqlRequests: 201, rateLimited: 0 });
    // Durations are monotonic too: a step back during a request would make one negative.
    expect(durations.filter((ms) => ms < 0)).toEqual([]);
  });

  it("the token provider's backoff after a failed token request is measured on the monotonic clock", async () => {
    const client = clientOf();
    // Refused without a retry, so the provider backs off (at most a second after one failure).
    emulator().faults.token.push({ status: 400 });
    const first = await rejection(client.request(GetMe));
    expect(first).toBeInstanceOf(AuthError);
    expect(first).toMatchObject({ code: 'TOKEN_REQUEST_FAILED' });
    expect(emulator().stats.tokenRequests).toBe(1);

    // Past the longest backoff there is (60 s) on the wall clock: still inside it, unsent.
    clocks.stepWall(61_000);
    const inside = await rejection(client.request(GetMe));
    expect(inside).toMatchObject({ code: 'TOKEN_REQUEST_FAILED' });
    expect(emulator().stats.tokenRequests).toBe(1);

    // Set back 120 s, the wall clock does not lengthen it: a second on the monotonic clock ends it.
    clocks.stepWall(-120_000);
    clocks.advance(1_000);
    await expect(client.request(GetMe)).resolves.toBeDefined();
    expect(emulator().stats.tokenRequests).toBe(2);
  });
});
