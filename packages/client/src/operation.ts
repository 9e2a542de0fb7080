import { ConfigurationError } from '@admin-api/auth';
import { boundedCache } from './bounded-cache.js';
import { DocumentScanError, lineAndColumn } from './document-lexer.js';
import { type ScannedOperation, scanDocument } from './document-scanner.js';
import { printNode } from './print-document.js';
import type { DocumentNodeLike } from './typed-document-string.js';

/** What the client needs to know about a document before sending it. */
export interface Operation {
  /** The document's text, sent as `query`: a string as given, a DocumentNode printed. */
  readonly query: string;
  /** The operation to run; sent as `operationName` when the document names it. */
  readonly operationName: string | undefined;
  readonly operationType: 'query' | 'mutation';
  /**
   * The response key of the operation's only root field, when its selection is one field and
   * nothing else (no fragment, no directive): then an error's path tells whether it is that
   * field's.
   */
  readonly soleRootKey: string | undefined;
}

/**
 * A document, read and checked once. The cache keeps this rather than a syntax tree, which is
 * tens of times the size of the text.
 */
interface AnalyzedDocument {
  readonly query: string;
  readonly operations: readonly ScannedOperation[];
}

const byDocument = new WeakMap<object, AnalyzedDocument>();
const byString = boundedCache(500, (source) => analyzeString(source));
const MAX_DETAIL = 200;

function invalidDocument(message: string): ConfigurationError {
  return new ConfigurationError('INVALID_DOCUMENT', message);
}

function isDocumentNode(value: unknown): value is DocumentNodeLike {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { kind?: unknown }).kind === 'Document' &&
    Array.isArray((value as { definitions?: unknown }).definitions)
  );
}

/** The first line of an error's message, cut short: enough to say what is wrong. */
function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const line = message.split('\n', 1)[0] ?? '';
  return line.length > MAX_DETAIL ? `${line.slice(0, MAX_DETAIL)}…` : line;
}

/**
 * Reads a document's operations (no graphql-js: see document-scanner.ts) and checks that it can
 * be sent: it parses, holds an operation, and no two operations share a name.
 */
function analyzeString(source: string, fromAst = false): AnalyzedDocument {
  let operations: ScannedOperation[];
  try {
    operations = scanDocument(source);
  } catch (error) {
    if (!(error instanceof DocumentScanError)) {
      // A stack overflow on a document nested tens of thousands deep.
      throw invalidDocument(`The document cannot be read: ${firstLine(error)}`);
    }
    const [line, column] = lineAndColumn(source, error.position);
    const where = `line ${line}, column ${column}`;
    // Cut short: the token it names may be a long string value.
    const detail = firstLine(error);
    throw invalidDocument(
      fromAst
        ? `The DocumentNode is not a well-formed GraphQL AST: printed, it does not parse (${where}: ${detail}). Pass a string, or a document from graphql's parse() or codegen.`
        : error.syntax
          ? `The document does not parse at ${where}: Syntax Error: ${detail}`
          : `${detail} (${where})`,
    );
  }
  if (operations.length === 0) {
    throw invalidDocument('The document holds no operation: pass a query or a mutation.');
  }
  const names = new Set<string>();
  for (const { name } of operations) {
    if (name === undefined) continue;
    if (names.has(name)) {
      // No operationName could pick one, and the server refuses such a document anyway.
      throw invalidDocument(
        `The document holds more than one operation named "${name}": GraphQL requires each operation's name to be unique. Rename or remove one.`,
      );
    }
    names.add(name);
  }
  return { query: source, operations };
}

/**
 * A DocumentNode is printed (print-document.ts), then the printed text is read as a string
 * document is: what is sent is exactly what was checked, and a hand-built AST with a missing or
 * malformed node (no selection set, an unknown operation) is refused here instead of going out
 * as `{"query":""}`.
 */
function analyzeDocumentNode(document: DocumentNodeLike): AnalyzedDocument {
  let printed: string;
  try {
    printed = printNode(document);
  } catch (error) {
    throw invalidDocument(
      `The DocumentNode is not a well-formed GraphQL AST (${firstLine(error)}). Pass a string, or a document from graphql's parse() or codegen.`,
    );
  }
  return analyzeString(printed, true);
}

function lookUp(document: unknown): AnalyzedDocument {
  // Codegen's `documentMode: 'string'` emits boxed strings.
  const source =
    typeof document === 'string'
      ? document
      : document instanceof String
        ? String(document)
        : undefined;
  if (source !== undefined) return byString(source);
  if (!isDocumentNode(document)) {
    throw invalidDocument(
      'A document must be a GraphQL string or a DocumentNode (e.g. a TypedDocumentNode from codegen); ' +
        `got ${document === null ? 'null' : typeof document}.`,
    );
  }
  let analyzed = byDocument.get(document);
  if (!analyzed) {
    analyzed = analyzeDocumentNode(document);
    byDocument.set(document, analyzed);
  }
  return analyzed;
}

function select(
  operations: readonly ScannedOperation[],
  operationName: string | undefined,
): ScannedOperation {
  const names = () => operations.map((o) => o.name ?? '(anonymous)').join(', ');
  if (operationName === undefined) {
    if (operations.length === 1 && operations[0]) return operations[0];
    throw invalidDocument(
      `The document holds ${operations.length} operations (${names()}): pass { operationName } to say which to run.`,
    );
  }
  const found = operations.find((o) => o.name === operationName);
  if (!found) {
    throw invalidDocument(
      `The document has no operation named "${operationName}" (it has ${names()}).`,
    );
  }
  return found;
}

/**
 * Analyses a document once (cached) and picks the operation to run. Throws a
 * {@link ConfigurationError} `INVALID_DOCUMENT` for a syntax error, something that is not a
 * document, a type system definition, no operation, several and no `operationName`, or a
 * subscription.
 */
export function toOperation(document: unknown, operationName?: string): Operation {
  const { query, operations } = lookUp(document);
  const operation = select(operations, operationName);
  if (operation.type === 'subscription') {
    throw invalidDocument(
      'Subscriptions are not supported: the Admin API answers queries and mutations over HTTP.',
    );
  }
  return {
    query,
    operationName: operation.name,
    operationType: operation.type === 'mutation' ? 'mutation' : 'query',
    soleRootKey: operation.soleRootKey,
  };
}

/** Collections JSON sends as `{}`. */
const COLLECTIONS = [Map, Set, WeakMap, WeakSet] as const;

/**
 * Why JSON would not carry `value` as it is (it would drop it, or send `null` or `{}` in its
 * place), or undefined when it would. Dates and other objects with `toJSON` arrive here already
 * converted (a Date as its ISO string).
 */
function unsendable(value: unknown, inList: boolean): string | undefined {
  switch (typeof value) {
    case 'number':
      return Number.isFinite(value) ? undefined : `${value}, which JSON sends as null`;
    case 'bigint':
      return 'a BigInt, which JSON cannot carry: convert it to a string or a number';
    case 'function':
      return 'a function, which JSON drops';
    case 'symbol':
      return 'a symbol, which JSON drops';
    case 'undefined':
      // An undefined property is an omitted variable or field, as GraphQL clients treat it.
      return inList ? 'undefined in a list, which JSON sends as null' : undefined;
    case 'object':
      if (value === null) return undefined;
      for (const type of COLLECTIONS) {
        if (value instanceof type) {
          return `a ${type.name}, which JSON sends as {}: convert it to an object or a list`;
        }
      }
      return typeof (value as { then?: unknown }).then === 'function'
        ? 'a Promise, which JSON sends as {}: await it first'
        : undefined;
    default:
      return undefined;
  }
}

/** Thrown by {@link checkValue} at the first value JSON would not carry as it is. */
const UNSENDABLE = Symbol('unsendable');

/** A JSON.stringify replacer that stops at the first value JSON would alter or drop. */
function checkValue(this: unknown, _key: string, value: unknown): unknown {
  if (unsendable(value, Array.isArray(this)) !== undefined) throw UNSENDABLE;
  return value;
}

/** `holder.key` as a path for a message: `variables.input.tags[2]`. */
function childPath(parent: string, key: string, inList: boolean): string {
  if (parent === '') return key;
  if (inList) return `${parent}[${key}]`;
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${parent}.${key}` : `${parent}[${JSON.stringify(key)}]`;
}

/**
 * The JSON body of the request, serialised once before anything is sent. Variables that JSON
 * cannot carry faithfully are a caller mistake (`INVALID_VARIABLES`, naming where the value is),
 * not something to send altered: NaN and Infinity, BigInt, functions and symbols, Map, Set and
 * Promise values, `undefined` in a list, cycles. An `undefined` property is omitted, as usual.
 */
export function serializeRequest(operation: Operation, variables: unknown): string {
  const { operationName } = operation;
  const refuse = (detail: string, cause?: unknown) =>
    new ConfigurationError(
      'INVALID_VARIABLES',
      `The variables of ${operationName ?? 'the operation'} cannot be sent as JSON: ${detail}`,
      { operationName, ...(cause === undefined ? {} : { cause }) },
    );
  if (variables !== undefined && variables !== null) {
    if (typeof variables !== 'object' || Array.isArray(variables)) {
      throw new ConfigurationError(
        'INVALID_VARIABLES',
        `Variables must be an object keyed by variable name (got ${Array.isArray(variables) ? 'an array' : typeof variables}).`,
        { operationName },
      );
    }
  }
  const request = {
    query: operation.query,
    ...(variables === undefined || variables === null ? {} : { variables }),
    ...(operationName === undefined ? {} : { operationName }),
  };
  // The query and the operation name are strings: only variables need checking.
  if (variables === undefined || variables === null) return JSON.stringify(request);
  try {
    // Checked value by value; paths are worked out only for a refusal, in a second pass.
    return JSON.stringify(request, checkValue);
  } catch (error) {
    if (error !== UNSENDABLE) {
      throw refuse(
        `${firstLine(error)}. Remove cycles, and values whose toJSON or getters throw.`,
        error,
      );
    }
  }
  const paths = new WeakMap<object, string>();
  function checkWithPath(this: unknown, key: string, value: unknown): unknown {
    const inList = Array.isArray(this);
    const path = childPath(
      typeof this === 'object' && this !== null ? (paths.get(this) ?? '') : '',
      key,
      inList,
    );
    const problem = unsendable(value, inList);
    if (problem !== undefined) throw refuse(`${path} is ${problem}.`);
    if (typeof value === 'object' && value !== null) paths.set(value, path);
    return value;
  }
  try {
    JSON.stringify(request, checkWithPath);
  } catch (error) {
    if (error instanceof ConfigurationError) throw error;
    throw refuse(`${firstLine(error)}. Remove values whose toJSON or getters throw.`, error);
  }
  // The first pass refused a value the second did not see: a getter or toJSON that changes.
  throw refuse('a value changed while it was read. Pass plain data.');
}
