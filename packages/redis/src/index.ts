export { DEFAULT_KEY_PREFIX } from './keys.js';
