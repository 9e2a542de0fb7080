import type { Emulator, EmulatorOptions } from './start-emulator.js';
import { startEmulator } from './start-emulator.js';

/** The lifecycle hooks of a test framework (vitest, jest, mocha's `before`/`after` wrapped alike). */
export interface TestLifecycleHooks {
  beforeAll(fn: () => Promise<void> | void): void;
  beforeEach(fn: () => Promise<void> | void): void;
  afterAll(fn: () => Promise<void> | void): void;
}

/**
 * One emulator for a test file: started before the first test, reset before each (fresh data,
 * zeroed stats, empty fault queues, the configured token lifetime), closed after the last.
 * Returns a getter, since the emulator exists only once `beforeAll` has run.
 *
 * @example
 * import { afterAll, beforeAll, beforeEach } from 'vitest';
 * const emulator = useEmulator({ beforeAll, beforeEach, afterAll }, { rateLimit: false });
 * it('…', async () => { const { baseUrl } = emulator(); });
 */
export function useEmulator(
  hooks: TestLifecycleHooks,
  options: EmulatorOptions = {},
): () => Emulator {
  let emulator: Emulator | undefined;
  hooks.beforeAll(async () => {
    emulator = await startEmulator(options);
  });
  hooks.beforeEach(() => {
    if (!emulator) return;
    emulator.reset();
    emulator.settings.tokenLifetimeS = options.tokenLifetimeS ?? 14_400;
  });
  hooks.afterAll(async () => {
    await emulator?.close();
  });
  return () => {
    if (!emulator)
      throw new Error('useEmulator: the emulator starts in beforeAll; call this inside a test');
    return emulator;
  };
}

/** The four values a real store gives an app, as the emulator has them. */
export interface EmulatorCredentials {
  authUrl: string;
  baseUrl: string;
  clientId: string;
  clientSecret: string;
}

/** The emulator's token host, GraphQL host and demo app credentials, ready to pass to a client. */
export function emulatorCredentials(emulator: Emulator): EmulatorCredentials {
  return {
    authUrl: emulator.authUrl,
    baseUrl: emulator.baseUrl,
    clientId: emulator.clientId,
    clientSecret: emulator.clientSecret,
  };
}

/** The `ADMIN_API_*` variables pointing at the emulator, for code that reads the environment. */
export function emulatorEnv(emulator: Emulator): Record<string, string> {
  return {
    ADMIN_API_AUTH_URL: emulator.authUrl,
    ADMIN_API_BASE_URL: emulator.baseUrl,
    ADMIN_API_CLIENT_ID: emulator.clientId,
    ADMIN_API_CLIENT_SECRET: emulator.clientSecret,
  };
}

export { type InstallAppOptions, type InstalledApp, installApp } from './install-app.js';
