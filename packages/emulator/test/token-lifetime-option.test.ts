import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { type Emulator, EmulatorOptionError, startEmulator } from '../src/index.js';

const started: Emulator[] = [];
afterAll(() => Promise.all(started.map((emulator) => emulator.close())));

describe('tokenLifetimeS', () => {
  it.each([0, -60, 1.5, Number.NaN])(
    'rejects %s as an option with INVALID_OPTION',
    async (value) => {
      const error = await startEmulator({ tokenLifetimeS: value }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EmulatorOptionError);
      expect(error).toMatchObject({ code: 'INVALID_OPTION' });
      expect((error as Error).message).toContain('"tokenLifetimeS" must be a positive integer');
    },
  );

  it('rejects the same values through the live setting, and keeps the last good one', async () => {
    const emulator = await startEmulator({ tokenLifetimeS: 60 });
    started.push(emulator);
    for (const value of [0, -1, 2.5]) {
      expect(() => {
        emulator.settings.tokenLifetimeS = value;
      }).toThrow(EmulatorOptionError);
    }
    emulator.settings.tokenLifetimeS = 1;
    expect(emulator.settings.tokenLifetimeS).toBe(1);
  });

  it('is refused by the bin as --token-lifetime 0, with exit code 2', async () => {
    const bin = fileURLToPath(new URL('../src/bin.ts', import.meta.url));
    const run = promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', bin, '--token-lifetime', '0'],
      {
        cwd: fileURLToPath(new URL('..', import.meta.url)),
      },
    );
    const failure = await run.then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(2);
    expect(failure?.stderr).toContain('--token-lifetime must be an integer of at least 1');
  });
});
