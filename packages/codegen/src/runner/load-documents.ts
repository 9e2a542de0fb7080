import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import {
  type ASTNode,
  type DocumentNode,
  GraphQLError,
  isTypeSystemDefinitionNode,
  isTypeSystemExtensionNode,
  parse,
  Source,
} from 'graphql';
import type { Diagnostic, DiagnosticLocation } from './diagnostic.js';
import { findTooDeepNesting, MAX_NESTING } from './document-nesting.js';
import { formatSize } from './format-diagnostics.js';
import { mayHoldGraphql, pluckTemplates } from './pluck-templates.js';
import { createPositionMap, type PositionMap } from './source-position.js';

/** A document and where its text starts in its file (0 for a `.graphql` file). */
export interface ParsedDocument {
  readonly document: DocumentNode;
  readonly offset: number;
}

/** One document file, read and parsed. */
export interface DocumentFile {
  /** Relative to the project, `/` separators: what messages show and the generator sees. */
  readonly path: string;
  readonly text: string;
  /** The documents that parse; a file with a syntax error keeps its other templates. */
  readonly documents: readonly ParsedDocument[];
  /** Syntax errors, with the file's own lines and columns. */
  readonly diagnostics: readonly Diagnostic[];
}

export const GRAPHQL_FILE = /\.(graphql|gql)$/i;
export const CODE_FILE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/i;

/**
 * The largest document file parsed, in bytes (1 MiB): a `.graphql` file, or a code file that may
 * hold GraphQL. Parsing costs graphql-js about 120 MB of memory a MB, and Babel, which finds the
 * templates in a code file, seconds and about 180 MB a MB (a 10 MB file took 19 to 38 s and 1.1 to
 * 1.9 GB, 50 MB did not finish); hand-written documents are a few KB.
 */
export const MAX_DOCUMENT_FILE_BYTES = 1024 * 1024;

/**
 * The largest file read at all, in bytes (16 MiB): a larger code file is refused unread, as it
 * cannot be told to hold no GraphQL without reading it; a smaller one that holds none is skipped.
 */
export const MAX_READ_BYTES = 16 * 1024 * 1024;

interface Origin {
  readonly path: string;
  readonly offset: number;
  readonly positions: PositionMap;
}

// Every parsed document's Source, back to its file: how a node found by validation gets its place.
const origins = new WeakMap<Source, Origin>();

function locationIn(origin: Origin, offset: number): DiagnosticLocation {
  return { file: origin.path, ...origin.positions.at(origin.offset + offset) };
}

/** Where a node of a document read by {@link parseDocumentFile} is, in its file. */
export function locateNode(node: ASTNode): DiagnosticLocation | undefined {
  const origin = node.loc && origins.get(node.loc.source);
  return origin && node.loc ? locationIn(origin, node.loc.start) : undefined;
}

/** Where a graphql-js error points, in its file. */
export function locateError(error: GraphQLError): DiagnosticLocation | undefined {
  const node = error.nodes?.find((candidate) => candidate.loc);
  if (node) return locateNode(node);
  const origin = error.source && origins.get(error.source);
  const position = error.positions?.[0];
  return origin && position !== undefined ? locationIn(origin, position) : undefined;
}

function errorAt(
  origin: Origin,
  offset: number,
  message: string,
  code: Diagnostic['code'] = 'DOCUMENT_ERROR',
): Diagnostic {
  return { severity: 'error', code, message, location: locationIn(origin, offset) };
}

const leaveOut = (path: string) => `leave it out of the documents globs (e.g. "!${path}")`;

/**
 * The error for a file over {@link MAX_DOCUMENT_FILE_BYTES} that would be parsed (a `.graphql`
 * file, or a code file that may hold GraphQL), at its start; `undefined` for any other.
 */
function tooLargeToParse(origin: Origin, text: string): Diagnostic | undefined {
  const graphqlFile = GRAPHQL_FILE.test(origin.path);
  if (!graphqlFile && !(CODE_FILE.test(origin.path) && mayHoldGraphql(text))) return undefined;
  const bytes = Buffer.byteLength(text);
  if (bytes <= MAX_DOCUMENT_FILE_BYTES) return undefined;
  const size = `this file is ${formatSize(bytes)}`;
  const limit = formatSize(MAX_DOCUMENT_FILE_BYTES);
  return errorAt(
    origin,
    0,
    graphqlFile
      ? `${size}; admin-api codegen parses document files of up to ${limit}: split it, or ${leaveOut(origin.path)}`
      : `${size} and may hold GraphQL (it mentions gql or graphql and has template strings); admin-api codegen looks for GraphQL in code files of up to ${limit}: move its operations to a smaller file, or ${leaveOut(origin.path)}`,
    'DOCUMENT_FILE_TOO_LARGE',
  );
}

/**
 * Parses one document; `undefined` for one of only type definitions (a server's `typeDefs` in a
 * `gql` tag, a schema file the globs match), which is not an operation document: graphql-codegen
 * skips those too.
 */
function parseBody(origin: Origin, body: string): ParsedDocument | Diagnostic | undefined {
  // graphql-js parses recursively: a document nested thousands deep would overflow the stack.
  const tooDeep = findTooDeepNesting(body);
  if (tooDeep) {
    return errorAt(
      origin,
      tooDeep.offset,
      `${tooDeep.definition} nests braces, brackets and parentheses more than ${MAX_NESTING} deep here, too deep to parse: split it into shallower operations`,
      'DOCUMENT_TOO_DEEP',
    );
  }
  const source = new Source(body, origin.path);
  origins.set(source, origin);
  try {
    const document = parse(source);
    const typeSystemOnly = document.definitions.every(
      (definition) =>
        isTypeSystemDefinitionNode(definition) || isTypeSystemExtensionNode(definition),
    );
    return typeSystemOnly ? undefined : { document, offset: origin.offset };
  } catch (error) {
    if (!(error instanceof GraphQLError)) throw error;
    return errorAt(origin, error.positions?.[0] ?? 0, error.message);
  }
}

/**
 * Parses a document file's text: a `.graphql`/`.gql` file as one document, a code file's GraphQL
 * template strings one by one; one over {@link MAX_DOCUMENT_FILE_BYTES} not at all (an error says
 * so). Code files need `preparePlucking()` to have run.
 */
export function parseDocumentFile(path: string, text: string): DocumentFile {
  const positions = createPositionMap(text);
  const documents: ParsedDocument[] = [];
  const diagnostics: Diagnostic[] = [];
  const add = (result: ParsedDocument | Diagnostic | undefined) => {
    if (result === undefined) return;
    if ('document' in result) documents.push(result);
    else diagnostics.push(result);
  };
  const file = { path, offset: 0, positions };
  const tooLarge = tooLargeToParse(file, text);
  if (tooLarge) {
    add(tooLarge);
  } else if (GRAPHQL_FILE.test(path)) {
    if (text.trim() !== '') add(parseBody(file, text));
  } else if (!CODE_FILE.test(path)) {
    diagnostics.push({
      severity: 'error',
      code: 'DOCUMENT_ERROR',
      message:
        'not a document file: admin-api codegen reads .graphql and .gql files, and GraphQL templates in .ts, .tsx, .js and .jsx files (also .mts, .cts, .mjs, .cjs)',
      location: { file: path, ...positions.at(0) },
    });
  } else if (mayHoldGraphql(text)) {
    const plucked = pluckTemplates(path, text);
    if ('syntaxError' in plucked) {
      const { message, offset } = plucked.syntaxError;
      add(
        errorAt(
          file,
          offset,
          `cannot look for GraphQL in this file, it does not parse: ${message}`,
        ),
      );
    } else if ('tooDeep' in plucked) {
      add(
        errorAt(
          file,
          0,
          'cannot look for GraphQL in this file: it nests too deep for Babel to parse (it ran out of stack)',
          'DOCUMENT_TOO_DEEP',
        ),
      );
    } else {
      for (const template of plucked.templates) {
        add(parseBody({ path, offset: template.offset, positions }, template.body));
      }
    }
  }
  return { path, text, documents, diagnostics };
}

/** Thrown by {@link readDocumentText} for a file over {@link MAX_READ_BYTES}: how large it is. */
class TooLargeToRead extends Error {
  constructor(bytes: number) {
    super(bytes > MAX_READ_BYTES ? formatSize(bytes) : `over ${formatSize(MAX_READ_BYTES)}`);
    this.name = 'TooLargeToRead';
  }
}

// Non-blocking, so that opening a named pipe that matches a glob returns rather than waits for a writer.
const READ_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/**
 * Reads an open file to its end, or `undefined` as soon as it holds more than `limit` bytes: a
 * file may have grown since `fstat`, and some (in `/proc`) say they have none.
 */
function readAtMost(fd: number, expected: number, limit: number): Buffer | undefined {
  let buffer = Buffer.allocUnsafe(Math.min(expected, limit) + 1);
  let length = 0;
  for (;;) {
    if (length === buffer.length) {
      if (length > limit) return undefined;
      const grown = Buffer.allocUnsafe(Math.min(length * 2, limit + 1));
      buffer.copy(grown);
      buffer = grown;
    }
    const read = readSync(fd, buffer, length, buffer.length - length, null);
    if (read === 0) return buffer.subarray(0, length);
    length += read;
  }
}

/**
 * A document file's text, without a byte order mark (editors count no column for it); `undefined`
 * when it is gone (deleted since it was found) or a folder. Throws for a file that is not a
 * regular one (a pipe, a device) and for one over {@link MAX_READ_BYTES}, neither of which is read:
 * {@link unreadableFile} reports them.
 */
export function readDocumentText(absolutePath: string): string | undefined {
  let fd: number;
  try {
    fd = openSync(absolutePath, READ_FLAGS);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EISDIR') return undefined;
    throw error;
  }
  try {
    const stats = fstatSync(fd);
    if (stats.isDirectory()) return undefined;
    if (!stats.isFile()) throw new Error('not a regular file, but a pipe, socket or device');
    if (stats.size > MAX_READ_BYTES) throw new TooLargeToRead(stats.size);
    const bytes = readAtMost(fd, stats.size, MAX_READ_BYTES);
    // It grew while being read, or said it was empty.
    if (!bytes) throw new TooLargeToRead(0);
    const text = bytes.toString('utf8');
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  } finally {
    closeSync(fd);
  }
}

/**
 * A file that exists but cannot be read (permissions, a pipe), or is too large to read: one error,
 * at its start.
 */
export function unreadableFile(path: string, error: unknown): DocumentFile {
  const location = { file: path, line: 1, column: 1, lineText: '' };
  const diagnostic: Diagnostic =
    error instanceof TooLargeToRead
      ? {
          severity: 'error',
          code: 'DOCUMENT_FILE_TOO_LARGE',
          message: `this file is ${error.message}; admin-api codegen reads files of up to ${formatSize(MAX_READ_BYTES)} where documents may be: ${leaveOut(path)}`,
          location,
        }
      : {
          severity: 'error',
          code: 'DOCUMENT_ERROR',
          message: `cannot read this file (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
          location,
        };
  return { path, text: '', documents: [], diagnostics: [diagnostic] };
}
