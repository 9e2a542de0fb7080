import { buildSchema, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { generateModule, type SourceDocuments } from '../src/generator/index.js';
import { thrown, useProject } from './codegen-harness.js';
import { typeCheckGenerated } from './type-check-project.js';

const project = useProject();

const schema = buildSchema('type T { v: Int w: Int l: T } type Query { t: T }');

/** `fragment F1 on T { v ...F2 l { ...F2 } }` … `fragment Fn on T { v }`: each spreads the next twice. */
function doublingChain(length: number): SourceDocuments {
  const lines = ['query Q { t { ...F1 } }'];
  for (let i = 1; i < length; i++)
    lines.push(`fragment F${i} on T { v ...F${i + 1} l { ...F${i + 1} } }`);
  lines.push(`fragment F${length} on T { v }`);
  return { location: 'src/chain.graphql', documents: [parse(lines.join('\n'))] };
}

/**
 * Fragments that merge into exponentially many distinct selections: `Pk_0` spreads `P(k+1)_0`
 * under alias `x`, and both `P(k+1)_0` and `P(k+1)_1` under `y`; `Pk_i` moves on to
 * `P(k+1)_(i+1)` under either. The fragments met at a path of aliases are the states of an
 * automaton that remembers which of its last `states` steps were `y`: 2^states combinations.
 */
function exponentialMerge(states: number, depth: number): SourceDocuments {
  const name = (k: number, i: number) => `P${k}_${i}`;
  const lines = [`query Q { t { ...${name(0, 0)} } }`];
  for (let k = 0; k <= depth; k++) {
    for (let i = 0; i <= states; i++) {
      const next = (j: number) => `...${name(k + 1, j)}`;
      if (k === depth || i === states) lines.push(`fragment ${name(k, i)} on T { v }`);
      else if (i === 0) {
        lines.push(
          `fragment ${name(k, 0)} on T { v x: l { ${next(0)} } y: l { ${next(0)} ${next(1)} } }`,
        );
      } else {
        lines.push(
          `fragment ${name(k, i)} on T { w x: l { ${next(i + 1)} } y: l { ${next(i + 1)} } }`,
        );
      }
    }
  }
  return { location: 'src/automaton.graphql', documents: [parse(lines.join('\n'))] };
}

describe('merging fragments', () => {
  it('is linear in a chain of fragments that each spread the next twice: 24 and 40 long generate, and the module grows by the same bytes per fragment', () => {
    const sizes = [10, 20, 24, 40].map(
      (length) => generateModule(schema, [doublingChain(length)]).length,
    );
    const [at10, at20, at24, at40] = sizes as [number, number, number, number];
    const perFragment = (at20 - at10) / 10;
    expect(perFragment).toBeLessThan(150);
    expect(at24 - at20).toBeLessThanOrEqual(4 * perFragment + 8);
    expect(at40 - at20).toBeLessThanOrEqual(20 * perFragment + 40);
  });

  it('gives the chain of 40 types that compile and go 40 levels deep', async () => {
    const module = generateModule(schema, [doublingChain(40)]);
    expect(module).toContain(
      'export type F1Fragment = { v: number | null; l: F2Fragment | null };',
    );
    expect(module).toContain('export type F40Fragment = { v: number | null };');
    const path = `t${'?.l'.repeat(39)}?.v`;
    const usage = `import type { QQuery } from './generated/admin-api.js';
export const deepest = (result: QQuery): number | null | undefined => result.${path};
// @ts-expect-error F40 selects no l
export const tooDeep = (result: QQuery) => result.${path.replace(/\?\.v$/, '?.l')};
`;
    const dir = project({ 'src/usage.ts': usage });
    expect(await typeCheckGenerated(dir, module)).toBe('');
  });

  it('merges a fragment spread twice under two conditions once: the field may be absent, its own selections are there when it is', () => {
    const module = generateModule(schema, [
      {
        location: 'src/twice.graphql',
        documents: [
          parse(
            'query Twice($a: Boolean!, $b: Boolean!) { t { ...L @include(if: $a) ...L @skip(if: $b) } } fragment L on T { l { v } }',
          ),
        ],
      },
    ]);
    expect(module).toContain(
      'export type TwiceQuery = { t: { l?: { v: number | null } | null } | null };',
    );
  });

  it('stops with DOCUMENT_TOO_COMPLEX at the file and line, past MAX_MERGE_WORK, where merging multiplies into exponentially many combinations', () => {
    const error = thrown(() => generateModule(schema, [exponentialMerge(14, 28)]));
    expect(error.code).toBe('DOCUMENT_TOO_COMPLEX');
    expect(error.message).toMatch(
      /src\/automaton\.graphql:\d+:1: fragment "P\d+_0" takes the merging of fragments past 1000000 selections/,
    );
  });
});
