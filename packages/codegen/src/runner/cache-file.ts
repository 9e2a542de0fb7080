import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { sha256 } from '../schema/schema-cache.js';
import { writeFileAtomic } from '../write-file-atomic.js';
import { codeFingerprint } from './code-fingerprint.js';

/** The nearest `node_modules` from `cwd` up, where tools keep their caches; none, no cache. */
export function cacheFolder(cwd: string): string | undefined {
  for (let folder = cwd; ; folder = dirname(folder)) {
    const modules = join(folder, 'node_modules');
    try {
      if (statSync(modules).isDirectory()) return join(modules, '.cache', 'admin-api');
    } catch {
      // None here: one folder up.
    }
    if (dirname(folder) === folder) return undefined;
  }
}

/** A cache file as read: its header's fields (`format`, `code` and `body` checked) and its body. */
export interface CacheEntry {
  readonly header: Readonly<Record<string, unknown>>;
  readonly body: unknown;
}

/**
 * The cache file `file`: a header line (the `format`, the code's fingerprint, the body's sha256
 * and `fields` of its own), then a JSON body. Anything else (no file, cut short, edited, another
 * format's or another version's) is no entry.
 */
export function readCacheFile(file: string, format: number): CacheEntry | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const newline = text.indexOf('\n');
  try {
    const header = JSON.parse(text.slice(0, newline)) as Record<string, unknown>;
    const body = text.slice(newline + 1);
    if (
      header.format !== format ||
      header.code !== codeFingerprint() ||
      header.body !== sha256(body)
    ) {
      return undefined;
    }
    return { header, body: JSON.parse(body) };
  } catch {
    return undefined;
  }
}

/** Writes what {@link readCacheFile} reads; a cache that cannot be written is left as it is. */
export function writeCacheFile(
  file: string,
  format: number,
  fields: Readonly<Record<string, unknown>>,
  body: string,
): void {
  const header = JSON.stringify({ format, code: codeFingerprint(), ...fields, body: sha256(body) });
  try {
    writeFileAtomic(file, `${header}\n${body}`);
  } catch {
    // A read-only node_modules: the next run does the work again, as this one did.
  }
}
