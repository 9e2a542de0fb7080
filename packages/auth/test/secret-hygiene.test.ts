import { inspect } from 'node:util';
import { emulatorCredentials, useEmulator } from '@admin-api/emulator/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AuthEvent, createTokenProvider, requestToken } from '../src/index.js';
import { FAST_RETRY } from './fixtures.js';

const emulator = useEmulator({ afterAll, beforeAll, beforeEach });

/** Every form in which an error can end up in a log. */
function renderings(error: unknown): string[] {
  const parts = [inspect(error, { depth: 10 }), JSON.stringify(error), String(error)];
  let current: unknown = error;
  while (current instanceof Error) {
    parts.push(current.message, current.stack ?? '', inspect(current, { depth: 10 }));
    current = current.cause;
  }
  return parts;
}

describe('the secret and tokens never leak', () => {
  it.each([
    ['a wrong client id', () => ({ clientId: 'nobody' }), undefined],
    ['a 503 storm', () => ({}), { status: 503, body: 'busy' }],
    ['an HTML page', () => ({}), { status: 200, body: '<html>hi</html>' }],
    ['a dropped connection', () => ({}), { drop: true }],
    ['a timeout', () => ({ timeoutMs: 100 }), { delayMs: 1000 }],
    ['a server echoing the secret', () => ({}), 'echo'],
  ] as const)('in errors and events after %s', async (_, extra, fault) => {
    const emu = emulator();
    for (let i = 0; i < 3; i++) {
      if (fault === 'echo') {
        emu.faults.token.push({
          status: 400,
          body: JSON.stringify({
            error: 'invalid_request',
            error_description: `bad secret ${emu.clientSecret}`,
          }),
          headers: { 'content-type': 'application/json' },
        });
      } else if (fault) {
        emu.faults.token.push(fault);
      }
    }
    const events: AuthEvent[] = [];
    const error = await requestToken({
      ...emulatorCredentials(emu),
      retry: FAST_RETRY,
      onEvent: (e) => events.push(e),
      ...extra(),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    const text = [...renderings(error), inspect(events, { depth: 10 })].join('\n');
    expect(text).not.toContain(emu.clientSecret);
  });

  it('in the provider’s events, which carry only a token fingerprint', async () => {
    const emu = emulator();
    const events: AuthEvent[] = [];
    const tokens = createTokenProvider({
      ...emulatorCredentials(emu),
      onEvent: (e) => events.push(e),
    });
    const { accessToken } = await tokens.getToken();
    await tokens.invalidate(accessToken);
    await tokens.getToken();
    const text = inspect(events, { depth: 10 });
    expect(events.map((e) => e.type)).toContain('token_invalidated');
    expect(text).not.toContain(accessToken);
    expect(text).not.toContain(emu.clientSecret);
    expect(text).toContain(accessToken.slice(-6));
  });
});
