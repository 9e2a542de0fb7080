import { type Emulator, type EmulatorOptions, startEmulator } from '@admin-api/emulator';
import type { AppEvent, StoreClientEvent } from '../../src/app-events.js';
import { type App, type AppOptions, createApp, createMemorySessionStore } from '../../src/index.js';

export const REDIRECT_URI = 'http://127.0.0.1:3000/oauth/callback';

/** A clock tests move by hand; the emulator and the app read the same one. */
export interface TestClock {
  now(): number;
  advance(ms: number): void;
}

export function testClock(start = Date.now()): TestClock {
  let at = start;
  return { now: () => at, advance: (ms) => (at += ms) };
}

/** An emulator with two stores, on a clock the test moves. */
export function startStores(clock: TestClock, options: EmulatorOptions = {}): Promise<Emulator> {
  return startEmulator({ stores: ['acme', 'globex'], now: clock.now, ...options });
}

/** An app of the emulator's client, with its events recorded. */
export function appFor(
  emulator: Emulator,
  clock: TestClock,
  overrides: Partial<AppOptions> = {},
): { app: App; events: (AppEvent | StoreClientEvent)[]; authUrlCalls: string[] } {
  const events: (AppEvent | StoreClientEvent)[] = [];
  const authUrlCalls: string[] = [];
  const app = createApp({
    clientId: emulator.clientId,
    clientSecret: emulator.clientSecret,
    redirectUri: REDIRECT_URI,
    scopes: ['read_products', 'read_orders'],
    sessions: createMemorySessionStore(),
    baseUrl: emulator.baseUrl,
    authUrlFor: (storeName) => {
      authUrlCalls.push(storeName);
      return emulator.authUrlFor(storeName);
    },
    onEvent: (event) => events.push(event),
    now: clock.now,
    ...overrides,
  });
  return { app, events, authUrlCalls };
}

/**
 * What the merchant's browser does: opens the authorize page the install URL points at, and
 * presses Install (or Cancel). Resolves to where the store sends the browser back.
 */
export async function merchantDecides(
  installUrl: string,
  decision: 'install' | 'cancel' = 'install',
): Promise<string> {
  const url = new URL(installUrl);
  const page = await fetch(url);
  if (page.status !== 200) throw new Error(`authorize page answered ${page.status}`);
  await page.text();
  const form = new URLSearchParams(url.searchParams);
  form.set('decision', decision);
  const answer = await fetch(`${url.origin}${url.pathname}`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  const location = answer.headers.get('location');
  if (answer.status !== 302 || !location) throw new Error(`authorize answered ${answer.status}`);
  return location;
}

/** A whole install of `app` on `storeName`: the session it stored. */
export async function install(app: App, storeName: string) {
  const { url } = await app.installUrl({ storeName });
  return app.handleCallback(await merchantDecides(url));
}
