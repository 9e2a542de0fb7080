import { InvalidStoreNameError } from './errors.js';

/**
 * The platform's form of a store name: a DNS label of lower-case letters, digits and hyphens, as
 * in `https://{storeName}.myikas.com`. Checked before a name reaches `authUrlFor`, so no input
 * can point the client secret at another host.
 */
const STORE_NAME = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/**
 * Names of the platform's own hosts under myikas.com, not stores: `api` is the GraphQL host, and
 * a code or the secret must never go there.
 */
const RESERVED = new Set(['api', 'www']);

/** `value` if it is a store name in the platform's form; an {@link InvalidStoreNameError} if not. */
export function checkStoreName(value: unknown, where: string): string {
  if (typeof value === 'string' && STORE_NAME.test(value) && !RESERVED.has(value)) return value;
  throw new InvalidStoreNameError(
    `${where}: ${describe(value)} is not a store name. A store name is 1 to 63 lower-case ` +
      'letters, digits and hyphens, not starting or ending with a hyphen (the "acme" of ' +
      "acme.myikas.com); a URL, a host, upper-case letters and the platform's own hosts " +
      '(api, www) are refused.',
  );
}

/** A bounded, quoted view of what was given: it may be anything an attacker sent. */
function describe(value: unknown): string {
  if (typeof value !== 'string') return value === undefined ? 'no value' : `a ${typeof value}`;
  const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
  return JSON.stringify(shown);
}
