import { checkFixtures, checkInteger } from './check-options.js';
import { EmulatorOptionError } from './errors.js';
import type { EmulatorOptions } from './start-emulator.js';
import { STORE_NAME_PATTERN } from './store-name.js';

const PORT = { min: 0, max: 65_535, example: 0 } as const;

/** Throws unless `value` is an absolute http(s) URL; the message names `name`, not the value. */
export function checkHttpUrl(name: string, value: unknown, example: string): string {
  const url = typeof value === 'string' && URL.canParse(value) ? new URL(value) : undefined;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new EmulatorOptionError(
      `"${name}" must be an absolute http or https URL, e.g. '${example}'`,
    );
  }
  return value as string;
}

/**
 * Throws an {@link EmulatorOptionError} for the first unusable `stores`, `appName` or `appUrl`,
 * or a port given twice among the hosts.
 */
export function checkStoreOptions(options: EmulatorOptions): void {
  const { stores, appName, appUrl } = options;
  if (
    appName !== undefined &&
    (typeof appName !== 'string' || appName.trim() === '' || appName.length > 100)
  ) {
    throw new EmulatorOptionError(
      `"appName" must be a string of 1 to 100 characters, e.g. 'My app'`,
    );
  }
  if (appUrl !== undefined) checkHttpUrl('appUrl', appUrl, 'http://localhost:3000/launch');
  if (stores === undefined) return;
  if (!Array.isArray(stores)) {
    throw new EmulatorOptionError(
      `"stores" must be an array of store names, e.g. ['acme', 'globex']`,
    );
  }
  const names = new Set<string>();
  const ports = new Map<number, string>();
  for (const host of ['authPort', 'graphqlPort'] as const) {
    const port = options[host];
    if (port) ports.set(port, `"${host}"`);
  }
  stores.forEach((entry: unknown, i) => {
    const where = `stores[${i}]`;
    const store = typeof entry === 'string' ? { name: entry } : entry;
    if (typeof store !== 'object' || store === null) {
      throw new EmulatorOptionError(
        `"${where}" must be a store name or { name, port?, fixtures? }`,
      );
    }
    const { name, port, fixtures } = store as {
      name?: unknown;
      port?: unknown;
      fixtures?: unknown;
    };
    if (typeof name !== 'string' || !STORE_NAME_PATTERN.test(name)) {
      throw new EmulatorOptionError(
        `"${where}" name must be 1 to 63 lowercase letters, digits or inner hyphens, e.g. 'acme'`,
      );
    }
    if (names.has(name))
      throw new EmulatorOptionError(`"${where}": the store "${name}" is given twice`);
    names.add(name);
    if (port !== undefined) {
      checkInteger(`${where}.port`, port, PORT);
      const other = ports.get(port as number);
      if (other) {
        throw new EmulatorOptionError(
          `"${where}.port" ${port} is taken by ${other}: every host needs its own`,
        );
      }
      if (port) ports.set(port as number, `"${where}.port"`);
    }
    if (fixtures !== undefined) checkFixtures(`${where}.fixtures`, fixtures);
  });
}
