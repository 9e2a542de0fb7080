import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { CodegenError } from '../errors.js';

let written = 0;

/**
 * Writes the module only when its bytes change (so watchers, bundlers and `tsc --watch` downstream
 * see nothing on a no-op rebuild), atomically: a temporary file in the same directory, then a
 * rename, so a reader sees the old module or the new one, never half of one. Synchronous, so no
 * signal handler can run between the two steps and leave the temporary file behind.
 */
export function writeOutput(path: string, content: string): 'written' | 'unchanged' {
  const bytes = Buffer.from(content);
  try {
    if (readFileSync(path).equals(bytes)) return 'unchanged';
  } catch {
    // No module yet (or unreadable): write it.
  }
  const directory = dirname(path);
  // A dot file that matches no document glob: rewriting the output never triggers a rebuild.
  const temporary = join(directory, `.${basename(path)}.${process.pid}.${written++}.tmp`);
  try {
    mkdirSync(directory, { recursive: true });
    writeFileSync(temporary, bytes);
    renameSync(temporary, path);
  } catch (error) {
    try {
      rmSync(temporary, { force: true });
    } catch {
      // Never written (its folder could not be made): nothing to remove.
    }
    throw new CodegenError(
      'WRITE_FAILED',
      `Cannot write ${path}: ${(error as Error).message}. Check that its folder is writable.`,
      { cause: error },
    );
  }
  return 'written';
}
