import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as typescriptOperations from '@graphql-codegen/typescript-operations';
import type { GraphQLSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { generateModule, type SourceDocuments } from '../src/generator/index.js';
import { useProject } from './codegen-harness.js';
import { corpora, sourcesOf } from './generator-corpus.js';
import { typeCheckDirectory } from './type-check-project.js';

const project = useProject();

/** typescript-operations' output for the sources, configured as our preset configured it. */
async function typescriptOperationsOutput(
  schema: GraphQLSchema,
  sources: readonly SourceDocuments[],
): Promise<string> {
  const output = await typescriptOperations.plugin(
    schema,
    sources.flatMap(({ location, documents }) =>
      documents.map((document) => ({ location, document })),
    ),
    {
      enumType: 'string-literal',
      useTypeImports: true,
      defaultScalarType: 'unknown',
      scalars: { Timestamp: 'number', JSON: 'unknown' },
    },
    { outputFile: 'theirs.ts' },
  );
  return typeof output === 'string'
    ? output
    : [...(output.prepend ?? []), output.content].join('\n');
}

/**
 * Types compared after normalising what may differ by design: our members stand for every object
 * type that answers alike (`__typename: 'A' | 'B'`) where typescript-operations repeats one per
 * type, its conditional fragments are intersections where ours are merged objects, and its
 * nullable input list items take `undefined`, which ours refuse (JSON has none in a list). The
 * comparison is mutual assignability, since identity cannot see through the repeated members;
 * under `strict` and `exactOptionalPropertyTypes` it still tells apart nullability, optionality,
 * `undefined`, literals, lists and every field.
 */
const COMPARE = `type Primitive = string | number | boolean | bigint | symbol | null | undefined;
type SplitTypename<T> = T extends { __typename: infer N }
  ? N extends string ? Omit<T, '__typename'> & { __typename: N } : never
  : T;
type Flat<T> = { [K in keyof T]: Normalize<T[K]> };
export type Normalize<T> = unknown extends T
  ? T
  : T extends Primitive
    ? T
    : T extends ReadonlyArray<infer E>
      ? Array<Normalize<Exclude<E, undefined>>>
      : SplitTypename<T> extends infer U ? (U extends object ? Flat<U> : never) : never;
export type Same<A, B> = [Normalize<A>] extends [Normalize<B>]
  ? [Normalize<B>] extends [Normalize<A>] ? true : false
  : false;
export type Expect<T extends true> = T;
/** Theirs, with variables \`K\` optional but never null (see NEVER_NULL). */
export type NeverNull<T, K extends keyof T> = Omit<T, K> & { [P in K]?: Exclude<T[P], null | undefined> };
`;

/**
 * Where ours differ by design: a nullable variable with a default, used where a non-null value is
 * required (\`@skip(if: $skipName)\`), may be left out but never be null (the server would fail);
 * typescript-operations allows null.
 */
const NEVER_NULL: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  adminApiEdgeCases: { ConditionalQueryVariables: "'skipName'" },
};

/** The comparison must fail on each of these, or it proves nothing. */
const CONTROLS = `import type { Expect, Same } from './compare.js';
// @ts-expect-error nullability
export type NotNull = Expect<Same<{ a: string }, { a: string | null }>>;
// @ts-expect-error optionality
export type NotOptional = Expect<Same<{ a?: string }, { a: string }>>;
// @ts-expect-error undefined, under exactOptionalPropertyTypes
export type NotUndefined = Expect<Same<{ a?: string | undefined }, { a?: string }>>;
// @ts-expect-error a missing field
export type NotMissing = Expect<Same<{ a: string; b: number }, { a: string }>>;
// @ts-expect-error a list is not an item
export type NotList = Expect<Same<{ a: string[] }, { a: string }>>;
// @ts-expect-error a literal
export type NotLiteral = Expect<Same<{ k: 'A' | 'B' }, { k: 'A' }>>;
// @ts-expect-error a union member missing
export type NotMember = Expect<Same<{ __typename: 'A' | 'B'; id: string }, { __typename: 'A'; id: string }>>;
// @ts-expect-error a nested field
export type NotNested = Expect<Same<{ a: { b: string | null }[] }, { a: { b: string }[] }>>;
// What is equal by design.
export type Grouped = Expect<Same<{ __typename: 'A' | 'B'; id: string }, { __typename: 'A'; id: string } | { __typename: 'B'; id: string }>>;
export type Merged = Expect<Same<{ a: string; b?: number }, { a: string } & { b?: number }>>;
`;

describe('differential correctness against typescript-operations', () => {
  it('gives every operation, fragment and schema type of four corpora the types typescript-operations gives them, in one tsc run', async () => {
    const dir = project({ 'compare.ts': COMPARE, 'controls.ts': CONTROLS });
    const compared: Record<string, number> = {};
    for (const corpus of corpora()) {
      const sources = sourcesOf(corpus);
      const ours = generateModule(corpus.schema, sources);
      const theirs = await typescriptOperationsOutput(corpus.schema, sources);
      const exported = (module: string) =>
        [...module.matchAll(/^export type (\w+)/gm)]
          .map((match) => match[1] as string)
          .filter((name) => name !== 'Incremental' && name !== 'Sdk')
          .sort();
      // The same names: ours are graphql-codegen's.
      expect(exported(ours), corpus.name).toEqual(exported(theirs));
      const names = exported(theirs);
      compared[corpus.name] = names.length;
      mkdirSync(join(dir, corpus.name));
      writeFileSync(join(dir, corpus.name, 'ours.ts'), ours);
      writeFileSync(join(dir, corpus.name, 'theirs.ts'), theirs);
      writeFileSync(
        join(dir, corpus.name, 'check.ts'),
        [
          "import type { Expect, NeverNull, Same } from '../compare.js';",
          "import type * as Ours from './ours.js';",
          "import type * as Theirs from './theirs.js';",
          ...names.map((name) => {
            const neverNull = NEVER_NULL[corpus.name]?.[name];
            const expected = neverNull
              ? `NeverNull<Theirs.${name}, ${neverNull}>`
              : `Theirs.${name}`;
            return `export type ${name} = Expect<Same<Ours.${name}, ${expected}>>;`;
          }),
        ].join('\n'),
      );
    }
    expect(compared).toEqual({
      adminApiDefaults: expect.any(Number),
      adminApiEdgeCases: expect.any(Number),
      github100: expect.any(Number),
      githubEdgeCases: expect.any(Number),
    });
    expect(Object.values(compared).reduce((sum, n) => sum + n)).toBeGreaterThan(900);

    expect(await typeCheckDirectory(dir, ['.'])).toBe('');
  }, 300_000);
});
