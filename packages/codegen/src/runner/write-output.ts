import { readFileSync } from 'node:fs';
import { CodegenError } from '../errors.js';
import { writeFileAtomic } from '../write-file-atomic.js';

/**
 * Writes the module only when its bytes change (so watchers, bundlers and `tsc --watch` downstream
 * see nothing on a no-op rebuild), atomically (see {@link writeFileAtomic}).
 */
export function writeOutput(path: string, content: string): 'written' | 'unchanged' {
  const bytes = Buffer.from(content);
  try {
    if (readFileSync(path).equals(bytes)) return 'unchanged';
  } catch {
    // No module yet (or unreadable): write it.
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
