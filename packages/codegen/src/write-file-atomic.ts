import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

let written = 0;

/**
 * Writes a file atomically: a temporary file in the same folder (made if missing), then a rename,
 * so a reader sees the old file or the new one, never half of one. Synchronous, so no signal
 * handler can run between the two steps and leave the temporary file behind. The temporary file
 * is a dot file named after the target (`.admin-api.ts.<pid>.<n>.tmp`): it matches no document
 * glob, and a watcher can tell it is ours. Throws what the file system threw, after removing it.
 */
export function writeFileAtomic(path: string, content: string | Uint8Array): void {
  const directory = dirname(path);
  const temporary = join(directory, `.${basename(path)}.${process.pid}.${written++}.tmp`);
  try {
    mkdirSync(directory, { recursive: true });
    writeFileSync(temporary, content);
    renameSync(temporary, path);
  } catch (error) {
    try {
      rmSync(temporary, { force: true });
    } catch {
      // Never written (its folder could not be made): nothing to remove.
    }
    throw error;
  }
}
