import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { type DocumentNode, GraphQLError, Kind, parse, visit } from 'graphql';
import { CodegenError } from '../errors.js';
import { adminApiCommand } from '../package-manager.js';
import { writeFileAtomic } from '../write-file-atomic.js';

/** A schema cache file: the SDL and where and when it was fetched. */
export interface SchemaCache {
  sdl: string;
  /** The SDL, parsed (without locations). */
  document: DocumentNode;
  /** The endpoint it was introspected from, when the header says. */
  source: string | undefined;
  /** When it was fetched (the header's `fetched-at`, else the file's modification time). */
  fetchedAt: Date;
  /** SHA-256 of the SDL. */
  sha256: string;
  /**
   * False when the header's sha256 is missing or no longer matches the SDL: the file may have
   * been edited by hand.
   */
  intact: boolean;
}

const HEADER_FIELD = /^# (source|fetched-at|sha256): (.+)$/;
const BUILT_IN_SCALARS = new Set(['String', 'Int', 'Float', 'Boolean', 'ID']);

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** What a document cut between two definitions lacks: a query root, or types it uses. */
function missingParts(document: DocumentNode): string | undefined {
  const defined = new Set(BUILT_IN_SCALARS);
  const used = new Set<string>();
  let hasSchemaDefinition = false;
  for (const definition of document.definitions) {
    if (definition.kind === Kind.SCHEMA_DEFINITION) hasSchemaDefinition = true;
    if ('name' in definition && definition.name && definition.kind !== Kind.DIRECTIVE_DEFINITION) {
      defined.add(definition.name.value);
    }
  }
  visit(document, {
    NamedType(node) {
      used.add(node.name.value);
    },
  });
  const missing = [...used].filter((name) => !defined.has(name));
  if (missing.length > 0) {
    return `uses types it does not define (${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''})`;
  }
  return hasSchemaDefinition || defined.has('Query') ? undefined : 'defines no Query type';
}

/** Why the SDL of a cache cannot be used, or its parsed document. */
function parseCachedSdl(sdl: string, intact: boolean): DocumentNode | { problem: string } {
  if (sdl.trim() === '') return { problem: 'holds no schema (it is empty below its header)' };
  let document: DocumentNode;
  try {
    document = parse(sdl, { noLocation: true });
  } catch (error) {
    const detail =
      error instanceof GraphQLError
        ? `${error.message} (line ${error.locations?.[0]?.line ?? '?'})`
        : String(error);
    return { problem: `does not parse, so it was probably cut short: ${detail}` };
  }
  // A file that matches its hash is whole; only one that does not can be cut between definitions.
  const missing = intact ? undefined : missingParts(document);
  return missing ? { problem: `${missing}, so it was probably cut short` } : document;
}

/** The `INVALID_CACHE` error for a cache file whose content cannot be used. */
export function unusableCacheError(path: string, problem: string): CodegenError {
  return new CodegenError(
    'INVALID_CACHE',
    `The schema cache ${path} ${problem}. Run \`${adminApiCommand('schema pull')}\` to rewrite it ` +
      '(codegen also rewrites it by itself when the ADMIN_API_* credentials are set).',
  );
}

/**
 * An SDL known to parse and build whole: one a build of this version of codegen was made from
 * (`intact` as it was then, since a cache edited by hand is checked further).
 */
export interface KnownSchema {
  readonly sha256: string;
  readonly intact: boolean;
}

/**
 * Reads a cache file: the cache, `{ problem }` when its content cannot be used (empty, cut
 * short), or `undefined` when there is none. Throws `INVALID_CACHE` when it cannot be read. An SDL
 * that is `known` is parsed only when its `document` is first read: a run that needs no schema
 * (its build is reused) never parses it.
 */
export function inspectSchemaCache(
  path: string,
  known?: KnownSchema,
): SchemaCache | { problem: string } | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new CodegenError(
      'INVALID_CACHE',
      `Cannot read the schema cache ${path}: ${(error as Error).message}`,
      { cause: error },
    );
  }
  const lines = text.split('\n');
  const header: Record<string, string> = {};
  let start = 0;
  while (start < lines.length && lines[start]?.startsWith('#')) {
    const match = HEADER_FIELD.exec(lines[start] ?? '');
    if (match?.[1] && match[2]) header[match[1]] = match[2].trim();
    start++;
  }
  if (lines[start] === '') start++;
  const sdl = lines.slice(start).join('\n');
  const hash = sha256(sdl);
  const intact = header.sha256 === hash;
  let document: DocumentNode | undefined;
  if (known?.sha256 !== hash || known.intact !== intact) {
    const parsed = parseCachedSdl(sdl, intact);
    if ('problem' in parsed) return parsed;
    document = parsed;
  }
  const fetchedAt = header['fetched-at'] ? new Date(header['fetched-at']) : statSync(path).mtime;
  return {
    sdl,
    get document() {
      document ??= parse(sdl, { noLocation: true });
      return document;
    },
    source: header.source,
    fetchedAt: Number.isNaN(fetchedAt.getTime()) ? statSync(path).mtime : fetchedAt,
    sha256: hash,
    intact,
  };
}

/**
 * Reads a cache file; `undefined` when there is none. Throws an `INVALID_CACHE`
 * {@link CodegenError} naming the file when it cannot be read or used (empty, cut short).
 */
export function readSchemaCache(path: string): SchemaCache | undefined {
  const cache = inspectSchemaCache(path);
  if (cache && 'problem' in cache) throw unusableCacheError(path, cache.problem);
  return cache;
}

/**
 * Writes a cache file atomically (temp file, then rename), so an interrupted write loses nothing.
 * Throws `INVALID_CACHE` when the SDL does not parse or the file cannot be written.
 */
export function writeSchemaCache(
  path: string,
  sdl: string,
  source: string,
  fetchedAt = new Date(),
): SchemaCache {
  const hash = sha256(sdl);
  let document: DocumentNode;
  try {
    document = parse(sdl, { noLocation: true });
  } catch (error) {
    throw new CodegenError(
      'INVALID_CACHE',
      `Not writing the schema cache ${path}: the SDL does not parse (${(error as Error).message})`,
      { cause: error },
    );
  }
  const header = [
    '# Admin API schema, cached by @admin-api/codegen. Commit it; do not edit it.',
    '# Refresh: run your codegen script with ADMIN_API_SCHEMA_REFRESH=1 set.',
    `# source: ${source}`,
    `# fetched-at: ${fetchedAt.toISOString()}`,
    `# sha256: ${hash}`,
    '',
  ].join('\n');
  try {
    writeFileAtomic(path, `${header}\n${sdl}`);
  } catch (error) {
    throw new CodegenError(
      'INVALID_CACHE',
      `Cannot write the schema cache ${path}: ${(error as Error).message}. Check that its folder is writable.`,
      { cause: error },
    );
  }
  return { sdl, document, source, fetchedAt, sha256: hash, intact: true };
}
