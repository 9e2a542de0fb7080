import { describe, expect, it } from 'vitest';
import * as publicApi from '../src/index.js';

describe('@admin-api/postgres public API', () => {
  it('exports the session and dedupe stores and their defaults, none of the parts behind it', () => {
    expect(Object.keys(publicApi).sort()).toEqual([
      'DEFAULT_DEDUPE_COMMAND_TIMEOUT_MS',
      'DEFAULT_DEDUPE_TABLE_NAME',
      'DEFAULT_LOCK_LIFETIME_MS',
      'DEFAULT_SCHEMA',
      'DEFAULT_TABLE_NAME',
      'createPostgresDedupeStore',
      'createPostgresSessionStore',
    ]);
  });
});
