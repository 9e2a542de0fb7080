export type { FleetEvent, FleetEventListener } from './fleet-events.js';
export { DEFAULT_KEY_PREFIX } from './keys.js';
