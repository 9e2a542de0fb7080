import { useEmulator } from '@admin-api/emulator/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminApiEvent } from '../src/index.js';
import { clientFor, tooMany } from './client-fixture.js';
import { GetMe } from './documents.js';
import { createVirtualTime } from './virtual-time.js';

const emulator = useEmulator({ afterAll, beforeAll, beforeEach }, { rateLimit: false });

/** What the client wrote to stderr during `work`. */
async function stderrDuring(work: () => Promise<unknown>): Promise<string[]> {
  const lines: string[] = [];
  const write = vi
    .spyOn(process.stderr, 'write')
    .mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
  try {
    await work();
  } finally {
    write.mockRestore();
  }
  return lines.join('').split('\n').filter(Boolean);
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('ADMIN_API_DEBUG', () => {
  it('prints one line per event to stderr, with no secret or token, beside onEvent', async () => {
    vi.stubEnv('ADMIN_API_DEBUG', '1');
    emulator().faults.graphql.push({ status: 503 });
    const events: AdminApiEvent[] = [];
    const tokens: string[] = [];
    const recordingFetch: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (String(input).includes('/oauth/token')) {
        tokens.push(((await response.clone().json()) as { access_token: string }).access_token);
      }
      return response;
    };
    const lines = await stderrDuring(() =>
      clientFor(emulator(), {
        fetch: recordingFetch,
        onEvent: (event) => events.push(event),
      }).request(GetMe),
    );
    expect(lines.map((line) => line.split(' ').slice(0, 2).join(' '))).toEqual(
      events.map((event) => `admin-api ${event.type}`),
    );
    expect(lines.some((line) => /^admin-api graphql_retry .*reason=server_error/.test(line))).toBe(
      true,
    );
    expect(
      lines.some((line) => /^admin-api token_acquired .*tokenFingerprint=\S{6}/.test(line)),
    ).toBe(true);
    const all = lines.join('\n');
    expect(all).not.toContain(emulator().clientSecret);
    expect(tokens).toHaveLength(1);
    for (const token of tokens) expect(all).not.toContain(token);
  });

  it('prints the wait a 429 asks for as one graphql_retry line, and the retry is made', async () => {
    vi.stubEnv('ADMIN_API_DEBUG', '1');
    emulator().faults.graphql.push(tooMany('3'));
    const time = createVirtualTime();
    const lines = await stderrDuring(() =>
      clientFor(emulator(), {
        now: time.now,
        monotonicNow: time.monotonicNow,
        setTimer: time.setTimer,
      }).request(GetMe),
    );
    const waits = lines.filter((line) =>
      /^admin-api graphql_retry .*reason=rate_limited/.test(line),
    );
    expect(waits).toHaveLength(1);
    expect(waits[0]).toMatch(/\bdelayMs=3000\b/);
    expect(emulator().stats.graphqlRequests).toBe(2);
    expect(lines.join('\n')).not.toContain(emulator().clientSecret);
  });

  it('is off unless set, and with 0 or false', async () => {
    for (const value of [undefined, '', '0', 'false', 'FALSE']) {
      if (value !== undefined) vi.stubEnv('ADMIN_API_DEBUG', value);
      const lines = await stderrDuring(() => clientFor(emulator()).request(GetMe));
      expect({ value, lines }).toEqual({ value, lines: [] });
    }
  });
});
