import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { CodegenError } from '../errors.js';

/** A schema cache file: the SDL and where and when it was fetched. */
export interface SchemaCache {
  sdl: string;
  /** The endpoint it was introspected from, when the header says. */
  source: string | undefined;
  /** When it was fetched (the header's `fetched-at`, else the file's modification time). */
  fetchedAt: Date;
  /** SHA-256 of the SDL. */
  sha256: string;
  /** False when the SDL no longer matches the hash in the header (edited by hand). */
  intact: boolean;
}

const HEADER_FIELD = /^# (source|fetched-at|sha256): (.+)$/;

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Reads a cache file; `undefined` when there is none. */
export function readSchemaCache(path: string): SchemaCache | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new CodegenError(
      'INVALID_CACHE',
      `Cannot read the schema cache ${path}: ${(error as Error).message}`,
      {
        cause: error,
      },
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
  const fetchedAt = header['fetched-at'] ? new Date(header['fetched-at']) : statSync(path).mtime;
  const hash = sha256(sdl);
  return {
    sdl,
    source: header.source,
    fetchedAt: Number.isNaN(fetchedAt.getTime()) ? statSync(path).mtime : fetchedAt,
    sha256: hash,
    intact: header.sha256 === undefined || header.sha256 === hash,
  };
}

/** Writes a cache file atomically (temp file, then rename), so an interrupted write loses nothing. */
export function writeSchemaCache(
  path: string,
  sdl: string,
  source: string,
  fetchedAt = new Date(),
): SchemaCache {
  const hash = sha256(sdl);
  const header = [
    '# Admin API schema, cached by @admin-api/codegen. Commit it; do not edit it.',
    '# Refresh: pnpm exec admin-api schema pull',
    `# source: ${source}`,
    `# fetched-at: ${fetchedAt.toISOString()}`,
    `# sha256: ${hash}`,
    '',
  ].join('\n');
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${header}\n${sdl}`);
  renameSync(temporary, path);
  return { sdl, source, fetchedAt, sha256: hash, intact: true };
}
