import { APP_SCOPES as EMULATOR_SCOPES } from '@admin-api/emulator';
import { describe, expect, it } from 'vitest';
import { APP_SCOPES } from '../src/index.js';

// The package boundary needs two copies (the emulator depends on nothing of ours); this ties them.
describe('the scopes an app can ask for', () => {
  it('are the scopes the emulator’s stores grant', () => {
    expect([...APP_SCOPES].sort()).toEqual(Object.keys(EMULATOR_SCOPES).sort());
  });
});
