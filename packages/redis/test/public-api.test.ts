import { describe, expect, it } from 'vitest';
import * as publicApi from '../src/index.js';

describe('@admin-api/redis public API', () => {
  it('exports the fleet, the session and dedupe stores and their defaults, none of the primitives behind them', () => {
    expect(Object.keys(publicApi).sort()).toEqual([
      'DEFAULT_COMMAND_TIMEOUT_MS',
      'DEFAULT_DEDUPE_COMMAND_TIMEOUT_MS',
      'DEFAULT_DEDUPE_KEY_PREFIX',
      'DEFAULT_FALLBACK_SHARE',
      'DEFAULT_KEY_PREFIX',
      'DEFAULT_LOCK_LIFETIME_MS',
      'DEFAULT_PROBE_INTERVAL_MS',
      'DEFAULT_SESSION_LOCK_LIFETIME_MS',
      'DEFAULT_SESSION_TTL_MS',
      'createRedisDedupeStore',
      'createRedisFleet',
      'createRedisSessionStore',
    ]);
  });
});
