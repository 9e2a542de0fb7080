import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { createTokenProvider } from '../src/index.js';

const CHILD = fileURLToPath(new URL('./abandoned-flight-child.ts', import.meta.url));

describe('callers that abort while the token host is down', () => {
  it('leave no unhandled rejection behind, and a pre-aborted caller sends no token request', async () => {
    // Node ends a process on an unhandled rejection: the child counts them instead, and prints
    // the counts when its event loop has nothing left, so any orphaned request has settled.
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', CHILD]);
    const result: unknown = JSON.parse(stdout.trim().split('\n').pop() ?? '{}');
    expect(result).toEqual({
      outcomes: ['ABORTED', 'ABORTED', 'ABORTED', 'ABORTED', 'HTTP_ERROR'],
      // The aborted-while-sending caller's request, then the waiting caller's.
      tokenRequests: 2,
      unhandledRejections: 0,
    });
  });
});

describe("a shared store's refresh turn", () => {
  it('stops being waited for once every caller waiting for the token has aborted', async () => {
    const turnSignals: AbortSignal[] = [];
    const tokens = createTokenProvider({
      authUrl: 'http://127.0.0.1:9',
      clientId: 'id',
      clientSecret: 'secret-value',
      store: {
        get: () => undefined,
        set: () => {},
        // Another process holds the turn: this wait ends only when its signal fires.
        refreshTurn: ({ signal }) =>
          new Promise((_, reject) => {
            turnSignals.push(signal);
            signal.addEventListener('abort', () => reject(signal.reason), { once: true });
          }),
      },
    });
    const controller = new AbortController();
    const call = tokens.getToken({ signal: controller.signal }).catch((e: unknown) => e);
    await vi.waitUntil(() => turnSignals.length === 1);
    controller.abort();
    expect(await call).toMatchObject({ code: 'ABORTED' });
    expect(turnSignals.map((signal) => signal.aborted)).toEqual([true]);
  });
});
