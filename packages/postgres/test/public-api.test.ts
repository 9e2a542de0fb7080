import { describe, expect, it } from 'vitest';
import * as publicApi from '../src/index.js';

describe('@admin-api/postgres public API', () => {
  it('exports the session store and its defaults, none of the parts behind it', () => {
    expect(Object.keys(publicApi).sort()).toEqual([
      'DEFAULT_LOCK_LIFETIME_MS',
      'DEFAULT_SCHEMA',
      'DEFAULT_TABLE_NAME',
      'createPostgresSessionStore',
    ]);
  });
});
