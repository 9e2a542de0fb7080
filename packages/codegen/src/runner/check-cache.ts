import { join } from 'node:path';
import { type KnownSchema, sha256 } from '../schema/schema-cache.js';
import { cacheFolder, readCacheFile, writeCacheFile } from './cache-file.js';
import { codeFingerprint, pluckFingerprint } from './code-fingerprint.js';
import type { Diagnostic } from './diagnostic.js';
import type { CheckOptions, ValidationMemory } from './document-diagnostics.js';
import {
  isStoredDiagnostic,
  restoredDiagnostic,
  type StoredDiagnostic,
  storedDiagnostic,
} from './stored-diagnostic.js';

const FORMAT = 1;

/** What a check's validation depends on besides the documents: see {@link openCheckCache}. */
export interface CheckInputs {
  readonly schema: KnownSchema;
  readonly check: CheckOptions;
  /** Whether some documents are code files, whose GraphQL Babel finds. */
  readonly codeFiles: boolean;
}

/** Each file's validation problems by key, as stored; `undefined` for a body that is not that. */
function readProblems(body: unknown): Map<string, readonly StoredDiagnostic[]> | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const problems = new Map<string, readonly StoredDiagnostic[]>();
  for (const [key, value] of Object.entries(body)) {
    if (!Array.isArray(value) || !value.every(isStoredDiagnostic)) return undefined;
    problems.set(key, value);
  }
  return problems;
}

/**
 * The validation problems of each document file as the last build found them, kept beside the
 * build cache (`check-….txt`, with the same header and checksum: a file cut short, edited or
 * another version's is ignored, and rewritten by the next build). A run whose build cannot be
 * reused validates again only the files whose key changed (see `ValidationMemory`).
 * `undefined` where there is no cache folder, or Babel's version cannot be told.
 */
export function openCheckCache(
  output: string,
  cwd: string,
  inputs: CheckInputs,
): ValidationMemory | undefined {
  const folder = cacheFolder(cwd);
  const pluck = inputs.codeFiles ? pluckFingerprint() : '';
  if (!folder || pluck === undefined) return undefined;
  const file = join(folder, `check-${sha256(output).slice(0, 16)}.txt`);
  const entry = readCacheFile(file, FORMAT);
  const stored = entry && readProblems(entry.body);
  const { schema, check } = inputs;
  return {
    base: sha256(JSON.stringify([codeFingerprint(), pluck, schema, check])),
    recall(key, { path, text }) {
      const problems = stored?.get(key);
      if (!problems) return undefined;
      const texts = new Map([[path, text]]);
      const restored: Diagnostic[] = [];
      for (const problem of problems) {
        const diagnostic = restoredDiagnostic(problem, texts);
        if (diagnostic?.location?.file !== path) return undefined;
        restored.push(diagnostic);
      }
      return restored;
    },
    remember(problems, files) {
      const texts = new Map(files.map(({ path, text }) => [path, text]));
      const body: Record<string, StoredDiagnostic[]> = {};
      for (const [key, diagnostics] of problems) {
        body[key] = diagnostics.map((diagnostic) => storedDiagnostic(diagnostic, texts));
      }
      writeCacheFile(file, FORMAT, {}, JSON.stringify(body));
    },
  };
}
