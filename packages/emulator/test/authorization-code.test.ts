import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUTHORIZATION_CODE_TTL_MS, type Emulator, startEmulator } from '../src/index.js';
import { authorizationCode, REDIRECT_URI, storeToken } from './store-helpers.js';

let clock = Date.UTC(2026, 0, 1);
let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator({
    stores: ['acme', 'globex'],
    rateLimit: false,
    now: () => clock,
  });
});
beforeEach(() => emulator.reset());
afterAll(() => emulator.close());

const exchange = (code: string, redirectUri = REDIRECT_URI, secret?: string) =>
  storeToken(emulator, 'acme', {
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    ...(secret === undefined ? {} : { client_secret: secret }),
  });

describe('an authorization code', () => {
  it('is good for one exchange: used again it is invalid_grant', async () => {
    const code = await authorizationCode(emulator, 'acme');
    expect((await exchange(code)).status).toBe(200);
    const again = await exchange(code);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('invalid_grant');
    expect(JSON.stringify(again.body)).not.toContain(code);
    expect(emulator.store('acme').stats.codeExchanges).toBe(1);
  });

  it('expires 60 s after it was issued, on the emulator clock', async () => {
    const fresh = await authorizationCode(emulator, 'acme');
    const stale = await authorizationCode(emulator, 'acme');
    clock += AUTHORIZATION_CODE_TTL_MS - 1;
    expect((await exchange(fresh)).status).toBe(200);
    clock += 1;
    const late = await exchange(stale);
    expect(late.status).toBe(400);
    expect(late.body.error).toBe('invalid_grant');
  });

  it('is invalid_grant with another redirect_uri than the authorize request had', async () => {
    const code = await authorizationCode(emulator, 'acme');
    const response = await exchange(code, 'http://localhost:3000/callback');
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('invalid_grant');
  });

  it('is invalid_grant when unknown, and on another store than the one that issued it', async () => {
    expect((await exchange('emu_code_nope')).body.error).toBe('invalid_grant');
    const code = await authorizationCode(emulator, 'acme');
    const elsewhere = await storeToken(emulator, 'globex', {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.error).toBe('invalid_grant');
  });

  it('answers 401 invalid_client for a wrong secret, without echoing it', async () => {
    const code = await authorizationCode(emulator, 'acme');
    const response = await exchange(code, REDIRECT_URI, 'wrong-secret');
    expect(response.status).toBe(401);
    expect(response.body.error).toBe('invalid_client');
    expect(JSON.stringify(response.body)).not.toContain('wrong-secret');
  });

  it('answers invalid_request for a missing code or redirect_uri', async () => {
    const response = await storeToken(emulator, 'acme', { grant_type: 'authorization_code' });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('invalid_request');
  });
});
