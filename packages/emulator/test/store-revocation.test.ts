import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Emulator, startEmulator } from '../src/index.js';
import { installApp } from '../src/testing.js';
import { token } from './helpers.js';
import { refresh, whoAmI } from './store-helpers.js';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator({ stores: ['acme', 'globex'], rateLimit: false });
});
beforeEach(() => emulator.reset());
afterAll(() => emulator.close());

describe("revoking a store's install", () => {
  it('makes its access tokens 401 and its refresh tokens invalid_grant, until installed again', async () => {
    const installed = await installApp(emulator, 'acme');
    const acme = emulator.store('acme');
    acme.revoke();
    expect(acme.installed).toBe(false);
    expect(acme.stats.revocations).toBe(1);
    const { status, body } = await whoAmI(emulator, installed.accessToken);
    expect(status).toBe(401);
    expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const refused = await refresh(emulator, 'acme', installed.refreshToken);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('invalid_grant');
    expect(acme.stats.spentRefreshTokenPresented).toBe(0);

    const again = await installApp(emulator, 'acme');
    expect(acme.installed).toBe(true);
    expect((await whoAmI(emulator, again.accessToken)).status).toBe(200);
    expect((await refresh(emulator, 'acme', installed.refreshToken)).body.error).toBe(
      'invalid_grant',
    );
  });

  it("leaves the other stores' and the private app's tokens valid", async () => {
    const acme = await installApp(emulator, 'acme');
    const globex = await installApp(emulator, 'globex');
    const privateToken = await token(emulator);
    emulator.store('acme').revoke();
    expect((await whoAmI(emulator, acme.accessToken)).status).toBe(401);
    expect((await whoAmI(emulator, globex.accessToken)).status).toBe(200);
    expect((await whoAmI(emulator, privateToken)).status).toBe(200);
  });

  it("is what the admin page's Uninstall button does", async () => {
    const installed = await installApp(emulator, 'acme');
    const page = await (await fetch(`${emulator.authUrlFor('acme')}/admin`)).text();
    expect(page).toContain('<form class="actions" method="post" action="/admin/uninstall">');
    const uninstall = await fetch(`${emulator.authUrlFor('acme')}/admin/uninstall`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(uninstall.status).toBe(303);
    expect(uninstall.headers.get('location')).toBe('/admin');
    expect(emulator.store('acme').installed).toBe(false);
    expect((await whoAmI(emulator, installed.accessToken)).status).toBe(401);
    const after = await (await fetch(`${emulator.authUrlFor('acme')}/admin`)).text();
    expect(after).toContain('not installed');
    expect(after).not.toContain('Uninstall');
  });

  it('survives revokeTokens() only through the refresh token', async () => {
    const installed = await installApp(emulator, 'acme');
    emulator.revokeTokens();
    expect((await whoAmI(emulator, installed.accessToken)).status).toBe(401);
    const refreshed = await refresh(emulator, 'acme', installed.refreshToken);
    expect(refreshed.status).toBe(200);
    expect((await whoAmI(emulator, String(refreshed.body.access_token))).status).toBe(200);
  });
});
