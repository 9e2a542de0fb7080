import { EmulatorOptionError } from './errors.js';

/** Live settings of a running emulator; a change applies to the next request. */
export interface EmulatorSettings {
  /** `expires_in` of the tokens issued from now on, in seconds: a positive integer. */
  tokenLifetimeS: number;
}

/** Throws unless `value` is a usable token lifetime: a whole number of seconds, at least 1. */
function checkTokenLifetimeS(value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw new EmulatorOptionError(
      `"tokenLifetimeS" must be a positive integer number of seconds, e.g. 14400 (got ${String(value)})`,
    );
  }
  return value;
}

/** Settings whose setter checks each value, as `startEmulator` checks the options. */
export function createSettings(tokenLifetimeS: number): EmulatorSettings {
  let lifetime = checkTokenLifetimeS(tokenLifetimeS);
  return {
    get tokenLifetimeS() {
      return lifetime;
    },
    set tokenLifetimeS(value: number) {
      lifetime = checkTokenLifetimeS(value);
    },
  };
}
