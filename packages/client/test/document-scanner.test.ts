import fc from 'fast-check';
import {
  type DocumentNode,
  GraphQLError,
  Kind,
  type OperationDefinitionNode,
  parse,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { DocumentScanError, lineAndColumn } from '../src/document-lexer.js';
import { scanDocument } from '../src/document-scanner.js';
import { printNode } from '../src/print-document.js';

// graphql-js is the oracle: the scanner must accept exactly what `parse` accepts (type system
// definitions aside), read the same operations from it, and refuse the rest with parse's
// message at parse's line and column.

const RUNS = Number(process.env.FUZZ_RUNS ?? 1_500);

type Outcome =
  | { accepted: true; operations: unknown[] }
  | { accepted: false; message: string; line: number; column: number };
/** The scanner's refusal of a type system definition, which graphql-js parses. */
type TypeSystem = { typeSystem: true; position: number };

/** What the client read from a document with graphql-js before the scanner. */
function soleRootKey({ selectionSet }: OperationDefinitionNode): string | undefined {
  const [only, ...others] = selectionSet.selections;
  if (others.length > 0 || only?.kind !== Kind.FIELD || (only.directives?.length ?? 0) > 0) {
    return undefined;
  }
  return (only.alias ?? only.name).value;
}

function byGraphql(source: string): Outcome {
  let document: DocumentNode;
  try {
    document = parse(source, { noLocation: true });
  } catch (error) {
    if (!(error instanceof GraphQLError)) throw error;
    const [location] = error.locations ?? [];
    return {
      accepted: false,
      message: error.message.replace(/^Syntax Error: /, ''),
      line: location?.line ?? 0,
      column: location?.column ?? 0,
    };
  }
  return {
    accepted: true,
    operations: document.definitions
      .filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)
      .map((d) => ({ name: d.name?.value, type: d.operation, soleRootKey: soleRootKey(d) })),
  };
}

function byScanner(source: string): Outcome | TypeSystem {
  try {
    return { accepted: true, operations: scanDocument(source) };
  } catch (error) {
    if (!(error instanceof DocumentScanError)) throw error;
    if (!error.syntax) return { typeSystem: true, position: error.position };
    const [line, column] = lineAndColumn(source, error.position);
    return { accepted: false, message: error.message, line, column };
  }
}

/**
 * graphql-js describes a string token by its decoded value; the scanner, which decodes nothing,
 * by its raw text. The messages are compared up to there.
 */
const upToStringValue = (message: string) => message.replace(/((Block)?String) ".*$/s, '$1');

function expectSameOutcome(source: string): void {
  const scanned = byScanner(source);
  const parsed = byGraphql(source);
  if ('typeSystem' in scanned) {
    // graphql-js parses on into the type system definition; it may fail there, not before.
    if (!parsed.accepted) {
      const [line, column] = lineAndColumn(source, scanned.position);
      expect(parsed.line > line || (parsed.line === line && parsed.column >= column)).toBe(true);
    }
    return;
  }
  if (!scanned.accepted && !parsed.accepted) {
    expect({ ...scanned, message: upToStringValue(scanned.message) }).toEqual({
      ...parsed,
      message: upToStringValue(parsed.message),
    });
  } else {
    expect(scanned).toEqual(parsed);
  }
}

// Documents as token lists, joined by what GraphQL ignores.
type Tokens = string[];
/** `parts.flat()`, in a loop: `flat` took half of this file's time. */
const cat = (...parts: (Tokens | string)[]): Tokens => {
  const tokens: Tokens = [];
  for (const part of parts) {
    if (typeof part === 'string') tokens.push(part);
    else tokens.push(...part);
  }
  return tokens;
};
const opt = (arb: fc.Arbitrary<Tokens>) => fc.option(arb, { nil: [] as Tokens });
const many = (arb: fc.Arbitrary<Tokens>, minLength: number, maxLength: number) =>
  fc.array(arb, { minLength, maxLength }).map((lists) => cat(...lists));

const name = fc.constantFrom(
  'a',
  'me',
  'id',
  'on',
  'query',
  'mutation',
  'subscription',
  'fragment',
  'type',
  'extend',
  'true',
  'null',
  '_x1',
  'B',
);
const nameTokens = name.map((n) => [n]);
/** A fragment's name: any name but `on`. */
const fragmentName = name.filter((n) => n !== 'on');
const number = fc.constantFrom('0', '-1', '12', '1.5', '-0.5e10', '3E-2', '7e+1');
const stringPiece = fc.constantFrom(
  'a',
  '{',
  '}',
  '(',
  '#',
  ' ',
  "'",
  ',',
  '\\"',
  '\\\\',
  '\\/',
  '\\n',
  '\\u0041',
  '\\u{1F600}',
  '\\uD83D\\uDE00',
  'é',
  '😀',
);
// No bare quote: next to the closing `"""` it would close the block string early.
const blockPiece = fc.constantFrom('a', '{', '}', '\\"""', '\n', '\r\n', '  ', '#', '\\n', '😀');
const string = fc.array(stringPiece, { maxLength: 5 }).map((p) => [`"${p.join('')}"`]);
const blockString = fc.array(blockPiece, { maxLength: 5 }).map((p) => [`"""${p.join('')}"""`]);
const description = opt(fc.oneof(string, blockString));

function value(depth: number, constant: boolean): fc.Arbitrary<Tokens> {
  const leaves: fc.Arbitrary<Tokens>[] = [number.map((n) => [n]), string, blockString, nameTokens];
  if (!constant) leaves.push(name.map((n) => ['$', n]));
  if (depth === 0) return fc.oneof(...leaves);
  const inner = value(depth - 1, constant);
  return fc.oneof(
    ...leaves,
    many(inner, 0, 3).map((values) => cat('[', values, ']')),
    many(
      fc.tuple(name, inner).map(([n, v]) => cat(n, ':', v)),
      0,
      3,
    ).map((fields) => cat('{', fields, '}')),
  );
}

const args = (constant: boolean) =>
  opt(
    many(
      fc.tuple(name, value(2, constant)).map(([n, v]) => cat(n, ':', v)),
      1,
      3,
    ).map((list) => cat('(', list, ')')),
  );
const directives = (constant: boolean) =>
  many(
    fc.tuple(name, args(constant)).map(([n, a]) => cat('@', n, a)),
    0,
    2,
  );

function selectionSet(depth: number): fc.Arbitrary<Tokens> {
  const nested = depth === 0 ? fc.constant([] as Tokens) : opt(selectionSet(depth - 1));
  const field = fc
    .tuple(opt(name.map((n) => [n, ':'])), name, args(false), directives(false), nested)
    .map((parts) => cat(...parts));
  const spread = fc.tuple(fragmentName, directives(false)).map(([n, d]) => cat('...', n, d));
  const inline =
    depth === 0
      ? spread
      : fc
          .tuple(opt(name.map((n) => ['on', n])), directives(false), selectionSet(depth - 1))
          .map(([on, d, s]) => cat('...', on, d, s));
  const selection = fc.oneof({ weight: 4, arbitrary: field }, spread, inline);
  return many(selection, 1, 3).map((list) => cat('{', list, '}'));
}

function typeReference(depth: number): fc.Arbitrary<Tokens> {
  const inner =
    depth === 0
      ? nameTokens
      : fc.oneof(
          nameTokens,
          typeReference(depth - 1).map((t) => cat('[', t, ']')),
        );
  return fc.tuple(inner, fc.boolean()).map(([t, bang]) => (bang ? cat(t, '!') : t));
}

const variables = opt(
  many(
    fc
      .tuple(
        description,
        name,
        typeReference(2),
        opt(value(2, true).map((v) => cat('=', v))),
        directives(true),
      )
      .map(([d, n, t, dv, dirs]) => cat(d, '$', n, ':', t, dv, dirs)),
    1,
    3,
  ).map((list) => cat('(', list, ')')),
);

const operation = fc.oneof(
  selectionSet(3),
  fc
    .tuple(
      description,
      fc.constantFrom('query', 'mutation', 'subscription'),
      opt(nameTokens),
      variables,
      directives(false),
      selectionSet(3),
    )
    .map((parts) => cat(...parts)),
);
const fragment = fc
  .tuple(description, fragmentName, name, directives(false), selectionSet(3))
  .map(([d, n, on, dirs, s]) => cat(d, 'fragment', n, 'on', on, dirs, s));

const ignored = fc.constantFrom(
  ' ',
  ' ',
  ',',
  '\n',
  '\r\n',
  '\t',
  '\ufeff',
  ' # a comment with { and " \n',
  '#}\r',
);

/** A document graphql-js mostly accepts. */
const wellFormed = fc
  .tuple(
    many(fc.oneof({ weight: 3, arbitrary: operation }, fragment), 1, 3),
    fc.array(ignored, { minLength: 64, maxLength: 64 }),
  )
  .map(([tokens, gaps]) => tokens.map((t, i) => `${gaps[i % gaps.length]}${t}`).join(''));

/** One of them with a few characters inserted, replaced or deleted: mostly not accepted. */
const edited = fc
  .tuple(
    wellFormed,
    fc.array(
      fc.tuple(
        fc.nat(),
        fc.nat(2),
        fc.constantFrom(
          '{',
          '}',
          '(',
          ')',
          '[',
          ']',
          '"',
          '"""',
          '$',
          '@',
          ':',
          '!',
          '.',
          '...',
          '\\',
          '#',
          '\n',
          '\r',
          'a',
          '1',
          '-',
          '0',
          'e',
          "'",
          '\u0000',
          '\u00a0',
          '\ud800',
          '\\u{',
          '\\uD800',
          '&',
          '|',
          '=',
        ),
      ),
      { minLength: 1, maxLength: 3 },
    ),
  )
  .map(([source, edits]) =>
    edits.reduce((text, [at, how, char]) => {
      const i = at % (text.length + 1);
      if (how === 0) return text.slice(0, i) + char + text.slice(i);
      if (how === 1) return text.slice(0, i) + char + text.slice(i + 1);
      return text.slice(0, i) + text.slice(i + 1);
    }, source),
  );

describe('the document scanner, against graphql-js parse', () => {
  it('reads the same operations (type, name, sole root key) from every document graphql-js accepts', () => {
    let accepted = 0;
    fc.assert(
      fc.property(wellFormed, (source) => {
        expectSameOutcome(source);
        if (byGraphql(source).accepted) accepted++;
      }),
      { numRuns: RUNS },
    );
    // The generator is worth little unless most of its documents parse.
    expect(accepted).toBeGreaterThan(RUNS / 2);
  });

  it('refuses every document graphql-js refuses, with its message at its line and column', () => {
    fc.assert(fc.property(edited, expectSameOutcome), { numRuns: RUNS });
  });

  it('agrees on short strings of GraphQL punctuation, quotes, escapes and numbers', () => {
    const char = fc.constantFrom(
      ...'{}()[]"\\$@:!.=&|#\n\r ,-0123456789eE+abuon\'\u0000\u00a0\ud800\udc00'.split(''),
    );
    fc.assert(
      fc.property(fc.array(char, { maxLength: 24 }), (chars) => expectSameOutcome(chars.join(''))),
      { numRuns: RUNS },
    );
  });

  it.each([
    ['a field alone', '{ me { id } }', [{ name: undefined, type: 'query', soleRootKey: 'me' }]],
    ['an alias', 'query Q { who: me { id } }', [{ name: 'Q', type: 'query', soleRootKey: 'who' }]],
    [
      'a directive',
      '{ me @skip(if: false) { id } }',
      [{ name: undefined, type: 'query', soleRootKey: undefined }],
    ],
    [
      'two fields',
      '{ me { id } listProduct { count } }',
      [{ name: undefined, type: 'query', soleRootKey: undefined }],
    ],
    [
      'a spread',
      '{ ...F } fragment F on Query { me { id } }',
      [{ name: undefined, type: 'query', soleRootKey: undefined }],
    ],
    [
      'braces in strings, block strings and comments',
      'mutation M($a: String = "}{") { save(x: """ } \\""" {""", # }\n y: "\\"}") { id } }',
      [{ name: 'M', type: 'mutation', soleRootKey: 'save' }],
    ],
  ])('reads %s', (_, source, operations) => {
    expect(scanDocument(source)).toEqual(operations);
    expectSameOutcome(source);
  });

  it('refuses a type system definition, naming its keyword, where graphql-js would parse on', () => {
    for (const source of [
      'type Me { id: ID }',
      '{ a } extend schema { query: Q }',
      '"d" scalar X',
    ]) {
      const error = (() => {
        try {
          scanDocument(source);
        } catch (caught) {
          return caught;
        }
      })();
      expect(error).toBeInstanceOf(DocumentScanError);
      expect(error).toMatchObject({ syntax: false });
      expect(parse(source).definitions.length).toBeGreaterThan(0);
    }
  });
});

describe('the document printer, against graphql-js', () => {
  /** A document's tree without what printing may change: locations, descriptions, block-ness. */
  const tree = (source: string) =>
    JSON.stringify(parse(source, { noLocation: true }), (key, v) =>
      key === 'description' || key === 'block' ? undefined : v,
    );

  it('prints every tree graphql-js parses into text that parses back into the same tree', () => {
    fc.assert(
      fc.property(wellFormed, (source) => {
        if (!byGraphql(source).accepted || 'typeSystem' in byScanner(source)) return;
        const printed = printNode(parse(source));
        expect(tree(printed)).toBe(tree(source));
        // And the scanner reads what it printed as it read the source.
        expect(byScanner(printed)).toEqual(byScanner(source));
      }),
      { numRuns: RUNS },
    );
  });
});
