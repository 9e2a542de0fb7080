import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type Emulator, type EmulatorOptions, startEmulator } from '../src/index.js';

/** Shared by the packages' tests. Starts one emulator for the file, resets it before each test, closes it after. */
export function useEmulator(options: EmulatorOptions = {}): () => Emulator {
  let emulator: Emulator | undefined;
  beforeAll(async () => {
    emulator = await startEmulator(options);
  });
  beforeEach(() => {
    emulator?.reset();
    if (emulator) emulator.settings.tokenLifetimeS = options.tokenLifetimeS ?? 14_400;
  });
  afterAll(async () => {
    await emulator?.close();
  });
  return () => {
    if (!emulator) throw new Error('emulator not started');
    return emulator;
  };
}

export const credentials = (emulator: Emulator) => ({
  authUrl: emulator.authUrl,
  clientId: emulator.clientId,
  clientSecret: emulator.clientSecret,
});

/** A fast retry schedule so tests do not sleep for real backoff. */
export const FAST_RETRY = { baseDelayMs: 5, maxDelayMs: 10 } as const;
