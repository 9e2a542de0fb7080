import { readFileSync } from 'node:fs';
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

function syntaxError(origin: Origin, offset: number, message: string): Diagnostic {
  return {
    severity: 'error',
    code: 'DOCUMENT_ERROR',
    message,
    location: locationIn(origin, offset),
  };
}

/**
 * Parses one document; `undefined` for one of only type definitions (a server's `typeDefs` in a
 * `gql` tag, a schema file the globs match), which is not an operation document: graphql-codegen
 * skips those too.
 */
function parseBody(origin: Origin, body: string): ParsedDocument | Diagnostic | undefined {
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
    return syntaxError(origin, error.positions?.[0] ?? 0, error.message);
  }
}

/**
 * Parses a document file's text: a `.graphql`/`.gql` file as one document, a code file's GraphQL
 * template strings one by one. Code files need `preparePlucking()` to have run.
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
  if (GRAPHQL_FILE.test(path)) {
    if (text.trim() !== '') add(parseBody({ path, offset: 0, positions }, text));
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
        syntaxError(
          { path, offset: 0, positions },
          offset,
          `cannot look for GraphQL in this file, it does not parse: ${message}`,
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

/**
 * A document file's text, without a byte order mark (editors count no column for it); `undefined`
 * when it is gone (deleted since it was found).
 */
export function readDocumentText(absolutePath: string): string | undefined {
  try {
    const text = readFileSync(absolutePath, 'utf8');
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EISDIR') return undefined;
    throw error;
  }
}

/** A file that exists but cannot be read (permissions): one error, at its start. */
export function unreadableFile(path: string, error: unknown): DocumentFile {
  const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
  return {
    path,
    text: '',
    documents: [],
    diagnostics: [
      {
        severity: 'error',
        code: 'DOCUMENT_ERROR',
        message: `cannot read this file (${reason})`,
        location: { file: path, line: 1, column: 1, lineText: '' },
      },
    ],
  };
}
