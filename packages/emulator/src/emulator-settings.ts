import { checkInteger } from './check-options.js';

/** Live settings of a running emulator; a change applies to the next request. */
export interface EmulatorSettings {
  /** `expires_in` of the tokens issued from now on, in seconds: a positive integer. */
  tokenLifetimeS: number;
}

const checkTokenLifetimeS = (value: unknown) =>
  checkInteger('tokenLifetimeS', value, { min: 1, example: 14_400, unit: 'seconds' });

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
