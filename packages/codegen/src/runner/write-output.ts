import { readFileSync } from 'node:fs';
import { CodegenError } from '../errors.js';
import { writeFileAtomic } from '../write-file-atomic.js';
import { isReplaceableText, NOT_WRITTEN_BY_CODEGEN } from './existing-output.js';
import { projectPath } from './find-documents.js';

/**
 * Writes the module only when its bytes change (so watchers, bundlers and `tsc --watch` downstream
 * see nothing on a no-op rebuild), atomically (see {@link writeFileAtomic}). Never replaces a file
 * codegen did not write (`INVALID_OPTION`): one made there since codegen started, or in a watch.
 */
export function writeOutput(path: string, content: string): 'written' | 'unchanged' {
  const bytes = Buffer.from(content);
  let existing: Buffer | undefined;
  try {
    existing = readFileSync(path);
  } catch {
    // No module yet (or unreadable): write it.
  }
  if (existing?.equals(bytes)) return 'unchanged';
  if (existing && !isReplaceableText(existing)) {
    throw new CodegenError(
      'INVALID_OPTION',
      `${projectPath(path) || path} is ${NOT_WRITTEN_BY_CODEGEN}, so it is not replaced. Point "output" at another file, or delete this one if it is an old module.`,
    );
  }
  try {
    writeFileAtomic(path, bytes);
  } catch (error) {
    throw new CodegenError(
      'WRITE_FAILED',
      `Cannot write ${path}: ${(error as Error).message}. Check that its folder is writable.`,
      { cause: error },
    );
  }
  return 'written';
}
