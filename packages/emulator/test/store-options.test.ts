import { describe, expect, it } from 'vitest';
import {
  EmulatorError,
  EmulatorOptionError,
  type EmulatorOptions,
  startEmulator,
} from '../src/index.js';

describe('the store options', () => {
  it.each([
    ['a name with capitals', { stores: ['Acme'] }],
    ['a name with a dot', { stores: ['acme.shop'] }],
    ['a name ending in a hyphen', { stores: ['acme-'] }],
    ['an empty name', { stores: [''] }],
    ['a name of 64 characters', { stores: ['a'.repeat(64)] }],
    ['a name twice', { stores: ['acme', { name: 'acme' }] }],
    ['stores that are not a list', { stores: 'acme' as unknown as string[] }],
    ['a store that is neither a name nor an object', { stores: [42 as unknown as string] }],
    ['a store port above 65535', { stores: [{ name: 'acme', port: 70_000 }] }],
    [
      'a store port equal to the token port',
      { authPort: 4999, stores: [{ name: 'acme', port: 4999 }] },
    ],
    [
      'a store seed that is not an integer',
      { stores: [{ name: 'acme', fixtures: { seed: 1.5 } }] },
    ],
    ['an app URL that is not absolute', { appUrl: '/launch' }],
    ['an app URL that is not http(s)', { appUrl: 'ftp://example.com/' }],
    ['an empty app name', { appName: ' ' }],
  ] as [string, EmulatorOptions][])('refuse %s with INVALID_OPTION', async (_, options) => {
    const refusal = await startEmulator(options).then(
      (emulator) => emulator.close().then(() => undefined),
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(EmulatorOptionError);
    expect((refusal as EmulatorOptionError).code).toBe('INVALID_OPTION');
  });

  it('accept names of 1 and 63 characters with inner hyphens, in the order given', async () => {
    const long = `a-${'b'.repeat(60)}c`;
    const emulator = await startEmulator({ stores: ['x', long, { name: '0-9' }] });
    try {
      expect(Object.keys(emulator.stores)).toEqual(['x', long, '0-9']);
      expect(emulator.store('0-9').name).toBe('0-9');
    } finally {
      await emulator.close();
    }
  });

  it('answer an unknown store name with UNKNOWN_STORE, even one on Object.prototype', async () => {
    const emulator = await startEmulator({ stores: ['acme'] });
    try {
      for (const name of ['globex', 'constructor', '__proto__']) {
        expect(() => emulator.authUrlFor(name)).toThrow(EmulatorError);
        expect(emulator.stores[name]).toBeUndefined();
      }
      let code: unknown;
      try {
        emulator.store('globex');
      } catch (error) {
        code = (error as EmulatorError).code;
      }
      expect(code).toBe('UNKNOWN_STORE');
    } finally {
      await emulator.close();
    }
  });

  it('give each store distinct, repeatable ids from the seed', async () => {
    const first = await startEmulator({ stores: ['acme', 'globex'] });
    const second = await startEmulator({ stores: ['acme', 'globex'], fixtures: { seed: 1 } });
    try {
      const ids = (emulator: typeof first) =>
        ['acme', 'globex'].map((name) => [
          emulator.store(name).merchantId,
          emulator.store(name).authorizedAppId,
        ]);
      expect(ids(second)).toEqual(ids(first));
      expect(new Set(ids(first).flat()).size).toBe(4);
      expect(first.store('acme').merchantId).not.toBe(first.data.merchant.id);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});
