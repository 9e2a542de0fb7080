import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareCodeUnits } from '../src/compare-code-units.js';
import { ENV_WITHOUT_CREDENTIALS, runGraphqlCodegenCli } from './codegen-cli.js';
import { useProject } from './codegen-harness.js';
import { writeTinyCache } from './tiny-schema.js';

const project = useProject();

describe('the order of generated code', () => {
  it('compares by code unit, where localeCompare orders differently under another locale', () => {
    const names = ['getme', 'getMe', 'get_me', 'getZ', 'geta'];
    expect([...names].sort(compareCodeUnits)).toEqual(['getMe', 'getZ', 'get_me', 'geta', 'getme']);
    const inLocale = (locale: string) => [...names].sort((a, b) => a.localeCompare(b, locale));
    expect(inLocale('da')).not.toEqual(inLocale('en'));
  });

  it('is byte-identical when graphql-codegen runs under the da and en locales', async () => {
    // Method names and file names that Danish and English collation order differently.
    const dir = project({
      'src/Me.graphql': 'query GetMe { me { id } }\n',
      'src/me.graphql': 'query getme { me { name } }\n',
    });
    writeTinyCache(join(dir, 'admin-api.schema.graphql'));
    const generateUnder = async (locale: string) => {
      const run = await runGraphqlCodegenCli(dir, {
        ...ENV_WITHOUT_CREDENTIALS,
        LANG: locale,
        LC_ALL: locale,
      });
      expect(run.code).toBe(0);
      return readFileSync(join(dir, 'src/generated/admin-api.ts'), 'utf8');
    };
    const danish = await generateUnder('da_DK.UTF-8');
    const english = await generateUnder('en_US.UTF-8');
    expect(english).toBe(danish);
    const methods = [...danish.matchAll(/^ {4}(\w+): call\(/gm)].map((match) => match[1]);
    expect(methods).toEqual(['getMe', 'getme']);
    expect(danish.indexOf('GetMeDocument =')).toBeLessThan(danish.indexOf('GetmeDocument ='));
  });
});
