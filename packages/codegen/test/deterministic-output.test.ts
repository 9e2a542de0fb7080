import { describe, expect, it } from 'vitest';
import { compareCodeUnits } from '../src/compare-code-units.js';

// Lint refuses localeCompare in the sources (lint/no-locale-compare.grit); generator-determinism
// runs the generator under three locales and two-doors gives graphql-codegen the CLI's bytes.
describe('the order of generated code', () => {
  it('compares by code unit, where localeCompare orders differently under another locale', () => {
    const names = ['getme', 'getMe', 'get_me', 'getZ', 'geta'];
    expect([...names].sort(compareCodeUnits)).toEqual(['getMe', 'getZ', 'get_me', 'geta', 'getme']);
    // The machine's ICU tells da from en, so a test under those locales can see a difference.
    const inLocale = (locale: string) => [...names].sort((a, b) => a.localeCompare(b, locale));
    expect(inLocale('da')).not.toEqual(inLocale('en'));
  });
});
