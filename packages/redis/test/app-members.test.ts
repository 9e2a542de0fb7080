import { describe, expect, it } from 'vitest';
import { createAppMembers } from '../src/app-members.js';
import { afterCollecting } from './redis-fixture.js';

describe("the count of an app's clients", () => {
  it('says an app is gone once its last client is collected, and not while one is left', async () => {
    const gone: string[] = [];
    const members = createAppMembers((app) => gone.push(app));
    const kept: { holder: object | undefined } = { holder: {} };
    members.add('a', kept.holder as object);
    members.add('a', {});
    members.add('b', {});

    // Both dropped holders go in one collection, and one registry's finalizers run together.
    expect(await afterCollecting(() => gone.length > 0)).toBe(true);
    expect(gone).toEqual(['b']);

    kept.holder = undefined;
    expect(await afterCollecting(() => gone.length > 1)).toBe(true);
    expect(gone).toEqual(['b', 'a']);
  });
});
