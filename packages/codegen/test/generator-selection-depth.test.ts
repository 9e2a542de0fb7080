import {
  buildSchema,
  type FieldNode,
  Kind,
  type OperationDefinitionNode,
  parse,
  type SelectionSetNode,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import {
  generateModule,
  MAX_SELECTION_DEPTH,
  type SourceDocuments,
  selectionDepth,
} from '../src/generator/index.js';
import { thrown, useProject } from './codegen-harness.js';
import { typeCheckGenerated } from './type-check-project.js';

const project = useProject();

const schema = buildSchema('type T { v: Int l: T } type Query { t: T }');

/** `query Deep { t { l { l { … { v } } } } }`, `depth` selection sets deep in all. */
function nested(depth: number): string {
  return `query Deep ${'{ t '.padEnd(4)}${'{ l '.repeat(depth - 2)}{ v }${' }'.repeat(depth - 1)}`;
}

function source(location: string, text: string): SourceDocuments {
  return { location, documents: [parse(text)] };
}

/**
 * {@link nested} as a syntax tree built in a loop: graphql-js's parser recurses, and runs out of
 * stack itself on a text a few thousand deep.
 */
function nestedTree(depth: number): OperationDefinitionNode {
  const field = (name: string, selectionSet?: SelectionSetNode): FieldNode => ({
    kind: Kind.FIELD,
    name: { kind: Kind.NAME, value: name },
    ...(selectionSet && { selectionSet }),
  });
  const set = (node: FieldNode): SelectionSetNode => ({
    kind: Kind.SELECTION_SET,
    selections: [node],
  });
  let selectionSet = set(field('v'));
  for (let level = depth - 1; level > 2; level--) selectionSet = set(field('l', selectionSet));
  return {
    kind: Kind.OPERATION_DEFINITION,
    operation: 'query' as OperationDefinitionNode['operation'],
    name: { kind: Kind.NAME, value: 'Deep' },
    selectionSet: set(field('t', set(field('l', selectionSet)))),
  };
}

describe('selection depth', () => {
  it('counts selection sets nested in one another, through the fragments spread, without recursion', () => {
    const fragments = new Map(
      parse('fragment A on T { l { ...B } } fragment B on T { l { l { v } } }').definitions.flatMap(
        (node) =>
          node.kind === 'FragmentDefinition' ? [[node.name.value, { node }] as const] : [],
      ),
    );
    const depthOf = (text: string) =>
      selectionDepth(
        (parse(text).definitions[0] as OperationDefinitionNode).selectionSet,
        fragments,
      );
    expect(depthOf('{ t { v } }')).toBe(2);
    expect(depthOf('{ t { ...A } }')).toBe(5);
    expect(depthOf('{ t { ... on T { ...B } } }')).toBe(5);
    expect(selectionDepth(nestedTree(100_000).selectionSet, fragments)).toBe(100_000);
  });

  it(`generates a document ${MAX_SELECTION_DEPTH} deep into a module that compiles`, async () => {
    const module = generateModule(schema, [
      source('src/deep.graphql', nested(MAX_SELECTION_DEPTH)),
    ]);
    expect(module.length).toBeLessThan(50_000);
    const usage = `import type { DeepQuery } from './generated/admin-api.js';
export const v = (result: DeepQuery): number | null | undefined => result.t${'?.l'.repeat(MAX_SELECTION_DEPTH - 2)}?.v;
`;
    const dir = project({ 'src/usage.ts': usage });
    expect(await typeCheckGenerated(dir, module)).toBe('');
  });

  it.each([MAX_SELECTION_DEPTH + 1, 600, 800, 1_000])(
    'a document %i deep throws DOCUMENT_TOO_DEEP naming the operation, its file and line, never a RangeError',
    (depth) => {
      const error = thrown(() =>
        generateModule(schema, [source('src/deep.graphql', `\n${nested(depth)}`)]),
      );
      expect(error.code).toBe('DOCUMENT_TOO_DEEP');
      expect(error.message).toContain(
        `src/deep.graphql:2:1: query "Deep" nests selection sets ${depth} deep`,
      );
    },
  );

  it('a syntax tree 100,000 deep, past what graphql-js parses, throws DOCUMENT_TOO_DEEP too', () => {
    const documents = [{ kind: Kind.DOCUMENT, definitions: [nestedTree(100_000)] } as const];
    const error = thrown(() =>
      generateModule(schema, [{ location: 'src/deep.graphql', documents }]),
    );
    expect(error.code).toBe('DOCUMENT_TOO_DEEP');
  });

  it('counts the depth of the fragments an operation spreads where it spreads them', () => {
    const half = MAX_SELECTION_DEPTH / 2;
    const text = `query Deep { t ${'{ l '.repeat(half)}{ ...Half }${' }'.repeat(half)} }
fragment Half on T ${'{ l '.repeat(half)}{ v }${' }'.repeat(half)}`;
    const error = thrown(() => generateModule(schema, [source('src/deep.graphql', text)]));
    expect(error.code).toBe('DOCUMENT_TOO_DEEP');
    expect(error.message).toContain('query "Deep" nests selection sets');
  });

  it('with validation skipped, a fragment that spreads itself throws DOCUMENT_ERROR, and a chain of 10,000 fragments a coded error, never a RangeError', () => {
    const cycle = thrown(() =>
      generateModule(schema, [
        source(
          'src/cycle.graphql',
          'query Q { t { ...A } } fragment A on T { l { ...B } } fragment B on T { v ...A }',
        ),
      ]),
    );
    expect(cycle.code).toBe('DOCUMENT_ERROR');
    expect(cycle.message).toContain('spreads a fragment within itself');

    const chain = ['query Q { t { ...F0 } }'];
    for (let i = 0; i < 10_000; i++) chain.push(`fragment F${i} on T { v ...F${i + 1} }`);
    chain.push('fragment F10000 on T { v }');
    const error = thrown(() =>
      generateModule(schema, [source('src/chain.graphql', chain.join('\n'))]),
    );
    expect(error.code).toBe('DOCUMENT_TOO_COMPLEX');
  });
});
