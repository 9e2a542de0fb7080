/**
 * A one-pass reader of GraphQL documents that takes from each operation what the client needs
 * (its type, its name, its sole root field's response key) and checks the rest of the syntax,
 * without graphql-js: the runtime loads none for the string documents codegen writes.
 *
 * It follows graphql-js 16's parser rule for rule for executable documents (operations and
 * fragments): it accepts what `parse` accepts and refuses the rest with the same message at the
 * same place, but for a string token, quoted as written rather than decoded
 * (`document-scanner.test.ts` compares the two on random documents). Type system
 * definitions (`type`, `schema`, `extend`, …) are refused as such: the Admin API runs operations
 * only and would refuse them too. Linear in the source; no syntax tree is built.
 */
import {
  DocumentScanError,
  EOF,
  NAME,
  PUNCTUATORS,
  readToken,
  type Token,
} from './document-lexer.js';

/** An operation of a document: all the client needs of its syntax. */
export interface ScannedOperation {
  readonly name: string | undefined;
  readonly type: 'query' | 'mutation' | 'subscription';
  /**
   * The response key (alias or name) of the operation's only root selection when it is a field
   * without directives; otherwise undefined.
   */
  readonly soleRootKey: string | undefined;
}

const TYPE_SYSTEM = /^(schema|scalar|type|interface|union|enum|input|directive|extend)$/;
const OPERATION = /^(query|mutation|subscription)$/;
const isString = (kind: string) => kind === 'String' || kind === 'BlockString';

/** A token as graphql-js describes it in a message: `"{"`, `Name "me"`, `<EOF>`. */
function describe({ kind, value }: Pick<Token, 'kind' | 'value'>): string {
  const kindText = kind === '...' || PUNCTUATORS.includes(kind) ? `"${kind}"` : kind;
  return value === undefined ? kindText : `${kindText} "${value}"`;
}

/**
 * The operations of a document, in order. Throws a {@link DocumentScanError} at the first
 * syntax error, or at a type system definition.
 */
export function scanDocument(source: string): ScannedOperation[] {
  const operations: ScannedOperation[] = [];
  let token = readToken(source, 0);

  const advance = () => {
    token = readToken(source, token.end);
  };
  const unexpected = (at: Token = token) =>
    new DocumentScanError(`Unexpected ${describe(at)}.`, at.start);
  const isKeyword = (keyword: string) => token.kind === NAME && token.value === keyword;

  function expect(kind: string): string | undefined {
    if (token.kind !== kind) {
      throw new DocumentScanError(
        `Expected ${describe({ kind, value: undefined })}, found ${describe(token)}.`,
        token.start,
      );
    }
    const { value } = token;
    advance();
    return value;
  }

  function skip(kind: string): boolean {
    if (token.kind !== kind) return false;
    advance();
    return true;
  }

  function expectKeyword(keyword: string): void {
    if (!isKeyword(keyword)) {
      throw new DocumentScanError(`Expected "${keyword}", found ${describe(token)}.`, token.start);
    }
    advance();
  }

  function skipDescription(): void {
    if (isString(token.kind)) advance();
  }

  function valueLiteral(constant: boolean): void {
    const dollar = token;
    switch (token.kind) {
      case '[':
        advance();
        while (!skip(']')) valueLiteral(constant);
        return;
      case '{':
        advance();
        while (!skip('}')) {
          expect(NAME);
          expect(':');
          valueLiteral(constant);
        }
        return;
      case 'Int':
      case 'Float':
      case 'String':
      case 'BlockString':
      case NAME:
        advance();
        return;
      case '$':
        advance();
        if (!constant) {
          expect(NAME);
          return;
        }
        // The token after `$`: advance() has moved on from the one switched on.
        throw (token.kind as string) === NAME
          ? new DocumentScanError(
              `Unexpected variable "$${token.value}" in constant value.`,
              dollar.start,
            )
          : unexpected(dollar);
      default:
        throw unexpected();
    }
  }

  function args(constant: boolean): void {
    if (!skip('(')) return;
    do {
      expect(NAME);
      expect(':');
      valueLiteral(constant);
    } while (!skip(')'));
  }

  /** Whether there was at least one directive. */
  function directives(constant: boolean): boolean {
    const some = token.kind === '@';
    while (skip('@')) {
      expect(NAME);
      args(constant);
    }
    return some;
  }

  function typeReference(): void {
    if (skip('[')) {
      typeReference();
      expect(']');
    } else {
      expect(NAME);
    }
    skip('!');
  }

  function fragmentName(): void {
    if (token.value === 'on') throw unexpected();
    expect(NAME);
  }

  /** A selection set; returns its sole root key, were it an operation's. */
  function selectionSet(): string | undefined {
    expect('{');
    let count = 0;
    let key: string | undefined;
    do {
      count++;
      key = selection();
    } while (!skip('}'));
    return count === 1 ? key : undefined;
  }

  /** A field's response key when it has no directive; undefined for any other selection. */
  function selection(): string | undefined {
    if (skip('...')) {
      const typed = isKeyword('on');
      if (typed) {
        advance();
        expect(NAME);
      } else if (token.kind === NAME) {
        fragmentName();
        directives(false);
        return undefined;
      }
      directives(false);
      selectionSet();
      return undefined;
    }
    let key = expect(NAME);
    if (skip(':')) expect(NAME);
    args(false);
    if (directives(false)) key = undefined;
    if (token.kind === '{') selectionSet();
    return key;
  }

  function operation(): void {
    if (token.kind === '{') {
      operations.push({ name: undefined, type: 'query', soleRootKey: selectionSet() });
      return;
    }
    skipDescription();
    // definition() has seen that this is query, mutation or subscription.
    const type = token.value as ScannedOperation['type'];
    advance();
    const name = token.kind === NAME ? expect(NAME) : undefined;
    if (skip('(')) {
      do {
        skipDescription();
        expect('$');
        expect(NAME);
        expect(':');
        typeReference();
        if (skip('=')) valueLiteral(true);
        directives(true);
      } while (!skip(')'));
    }
    directives(false);
    operations.push({ name, type, soleRootKey: selectionSet() });
  }

  function fragment(): void {
    skipDescription();
    expectKeyword('fragment');
    fragmentName();
    expectKeyword('on');
    expect(NAME);
    directives(false);
    selectionSet();
  }

  function definition(): void {
    if (token.kind === '{') {
      operation();
      return;
    }
    const described = isString(token.kind);
    const keyword = described ? readToken(source, token.end) : token;
    const { kind, value } = keyword;
    if (described && kind === '{') {
      throw new DocumentScanError(
        'Unexpected description, descriptions are not supported on shorthand queries.',
        token.start,
      );
    }
    if (kind === NAME && value !== undefined) {
      if (TYPE_SYSTEM.test(value) && !(described && value === 'extend')) {
        throw new DocumentScanError(
          `The document holds a type system definition ("${value}"): the Admin API runs operations, with their fragments, only.`,
          keyword.start,
          false,
        );
      }
      if (OPERATION.test(value)) {
        operation();
        return;
      }
      if (value === 'fragment') {
        fragment();
        return;
      }
      if (described) {
        throw new DocumentScanError(
          'Unexpected description, only GraphQL definitions support descriptions.',
          token.start,
        );
      }
    }
    throw unexpected(keyword);
  }

  do definition();
  while (!skip(EOF));
  return operations;
}
