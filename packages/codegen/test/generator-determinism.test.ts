import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { adminApiSchema } from '@admin-api/emulator';
import fc from 'fast-check';
import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { generateModule, type SourceDocuments } from '../src/generator/index.js';
import { ADMIN_API_EDGE_CASES, adminApiDefaultOperations, sourcesOf } from './generator-corpus.js';

const { 'src/products.graphql': _sameMethodsAsDefaults, ...EDGE_CASES } = ADMIN_API_EDGE_CASES;
const FILES: Record<string, string> = {
  ...EDGE_CASES,
  ...Object.fromEntries(
    adminApiDefaultOperations().map((op, i) => [`src/defaults/${i}.graphql`, op]),
  ),
  // Names that Danish and English collation order differently.
  'src/Me.graphql': 'query GetMe { me { id } }\n',
  'src/me-lower.graphql': 'query getme { me { name } }\n',
};

/** Every definition of the files, each in a document of its own. */
function definitions(): { location: string; text: string }[] {
  return Object.entries(FILES).flatMap(([location, text]) =>
    parse(text).definitions.map((definition) => ({
      location,
      text: text.slice(definition.loc?.start, definition.loc?.end),
    })),
  );
}

/** Runs the generator in a child process under `locale`. */
function generateUnder(locale: string): Promise<string> {
  const script = fileURLToPath(new URL('./generate-in-child.ts', import.meta.url));
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', script],
      { env: { ...process.env, LANG: locale, LC_ALL: locale }, maxBuffer: 64 * 2 ** 20 },
      (error, stdout) => (error ? reject(error) : resolve(stdout)),
    );
    child.stdin?.end(JSON.stringify(FILES));
  });
}

describe('the generated module is deterministic', () => {
  const schema = adminApiSchema();
  const sources = () => sourcesOf({ name: 'determinism', schema, files: FILES });

  it('is byte-identical when run again on the same inputs', () => {
    expect(generateModule(schema, sources())).toBe(generateModule(schema, sources()));
  });

  it('is byte-identical whatever the order of the files and of the definitions in them', () => {
    const expected = generateModule(schema, sources());
    const all = definitions();
    fc.assert(
      fc.property(
        fc.shuffledSubarray(all, { minLength: all.length, maxLength: all.length }),
        fc.integer({ min: 1, max: 8 }),
        (shuffled, perFile) => {
          // The same definitions regrouped: `perFile` to a file, in a shuffled order.
          const regrouped: SourceDocuments[] = [];
          for (let i = 0; i < shuffled.length; i += perFile) {
            const group = shuffled.slice(i, i + perFile);
            regrouped.push({
              location: `${group[0]?.location}#${i}`,
              documents: group.map((definition) => parse(definition.text)),
            });
          }
          expect(generateModule(schema, regrouped)).toBe(expected);
        },
      ),
      { numRuns: 12 },
    );
  });

  it('is byte-identical under the da_DK, tr_TR and en_US locales, in code-unit order', async () => {
    const [danish, turkish, english] = await Promise.all(
      ['da_DK.UTF-8', 'tr_TR.UTF-8', 'en_US.UTF-8'].map(generateUnder),
    );
    expect(danish).toBe(english);
    expect(turkish).toBe(english);
    expect(english).toBe(generateModule(schema, sources()));
    const methods = [...(english ?? '').matchAll(/^ {4}(\w+): call\(/gm)].map((m) => m[1]);
    expect(methods.indexOf('getMe')).toBeLessThan(methods.indexOf('getme'));
    expect(methods).toEqual([...methods].sort((a = '', b = '') => (a < b ? -1 : a > b ? 1 : 0)));
  });
});
