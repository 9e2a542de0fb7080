import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Emulator, startEmulator } from '../src/index.js';
import { installApp } from '../src/testing.js';
import { refresh, whoAmI } from './store-helpers.js';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator({ stores: ['acme', 'globex'], rateLimit: false });
});
beforeEach(() => emulator.reset());
afterAll(() => emulator.close());

describe('the refresh_token grant', () => {
  it('rotates: a new access token and a new refresh token, the old access token still valid', async () => {
    const installed = await installApp(emulator, 'acme', { scope: 'read_orders' });
    const rotated = await refresh(emulator, 'acme', installed.refreshToken);
    expect(rotated.status).toBe(200);
    expect(rotated.headers.get('cache-control')).toBe('no-store');
    expect(rotated.body).toMatchObject({ token_type: 'Bearer', scope: 'read_orders' });
    expect(rotated.body.access_token).not.toBe(installed.accessToken);
    expect(rotated.body.refresh_token).not.toBe(installed.refreshToken);
    expect((await whoAmI(emulator, installed.accessToken)).status).toBe(200);
    expect((await whoAmI(emulator, String(rotated.body.access_token))).status).toBe(200);
    const next = await refresh(emulator, 'acme', String(rotated.body.refresh_token));
    expect(next.status).toBe(200);
    expect(emulator.store('acme').stats.refreshes).toBe(2);
    expect(emulator.stats.refreshes).toBe(2);
  });

  it('answers a spent refresh token invalid_grant, counts it, and revokes the install', async () => {
    const installed = await installApp(emulator, 'acme');
    const rotated = await refresh(emulator, 'acme', installed.refreshToken);
    const reused = await refresh(emulator, 'acme', installed.refreshToken);
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe('invalid_grant');
    expect(JSON.stringify(reused.body)).not.toContain(installed.refreshToken);
    const acme = emulator.store('acme');
    expect(acme.stats.spentRefreshTokenPresented).toBe(1);
    expect(emulator.stats.spentRefreshTokenPresented).toBe(1);
    expect(acme.installed).toBe(false);
    // Every token of the install is gone: the thief's and the rightful client's alike.
    expect((await whoAmI(emulator, installed.accessToken)).status).toBe(401);
    expect((await whoAmI(emulator, String(rotated.body.access_token))).status).toBe(401);
    const successor = await refresh(emulator, 'acme', String(rotated.body.refresh_token));
    expect(successor.body.error).toBe('invalid_grant');
  });

  it('leaves the other stores installed when one store revokes on reuse', async () => {
    const acme = await installApp(emulator, 'acme');
    const globex = await installApp(emulator, 'globex');
    await refresh(emulator, 'acme', acme.refreshToken);
    await refresh(emulator, 'acme', acme.refreshToken);
    expect(emulator.store('globex').installed).toBe(true);
    expect((await whoAmI(emulator, globex.accessToken)).status).toBe(200);
    expect((await refresh(emulator, 'globex', globex.refreshToken)).status).toBe(200);
  });

  it('answers an unknown refresh token, or one from another store, invalid_grant', async () => {
    expect((await refresh(emulator, 'acme', 'emu_rt_nope')).body.error).toBe('invalid_grant');
    const globex = await installApp(emulator, 'globex');
    const wrongHost = await refresh(emulator, 'acme', globex.refreshToken);
    expect(wrongHost.status).toBe(400);
    expect(wrongHost.body.error).toBe('invalid_grant');
    expect(emulator.store('globex').installed).toBe(true);
  });

  it('takes the token faults: a 503 leaves the refresh token unspent', async () => {
    const installed = await installApp(emulator, 'acme');
    emulator.faults.token.push({ status: 503 });
    const failed = await fetch(`${emulator.authUrlFor('acme')}/api/admin/oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        client_id: emulator.clientId,
        client_secret: emulator.clientSecret,
        refresh_token: installed.refreshToken,
      }),
    });
    expect(failed.status).toBe(503);
    const retried = await refresh(emulator, 'acme', installed.refreshToken);
    expect(retried.status).toBe(200);
    expect(emulator.stats.faultsInjected).toBe(1);
  });

  it('takes the token faults: an answer lost after handling makes the retry a reuse', async () => {
    const installed = await installApp(emulator, 'acme');
    emulator.faults.token.push({ afterHandling: true, drop: true });
    await expect(refresh(emulator, 'acme', installed.refreshToken)).rejects.toThrow();
    const retried = await refresh(emulator, 'acme', installed.refreshToken);
    expect(retried.body.error).toBe('invalid_grant');
    expect(emulator.store('acme').stats.spentRefreshTokenPresented).toBe(1);
  });
});
