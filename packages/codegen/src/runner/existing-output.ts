import { closeSync, openSync, readSync } from 'node:fs';
import { HEADER } from '../generator/module-parts.js';

// The header is the module's first lines: a user's file is recognised without reading it whole.
const HEAD_BYTES = 1024;

/**
 * Whether `head` (a file's first bytes) is nothing, or the start of a module codegen wrote: the
 * generator's header, first (after a byte order mark; line ends as git may have turned them). A
 * file that only mentions codegen further down is someone's.
 */
export function isReplaceableText(head: Uint8Array): boolean {
  if (head.length === 0) return true;
  const text = Buffer.from(head.subarray(0, HEAD_BYTES)).toString('utf8');
  return text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n/g, '\n')
    .startsWith(HEADER);
}

/**
 * Whether codegen may write its module at `path`: there is no file (or it cannot be read, so the
 * write reports the problem), it is empty, or its header says codegen wrote it. Anything else is
 * someone's code, which codegen never overwrites.
 */
export function isReplaceableOutput(path: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return true;
  }
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const length = readSync(fd, head, 0, HEAD_BYTES, 0);
    return isReplaceableText(head.subarray(0, length));
  } catch {
    // A folder, or unreadable: the write fails with WRITE_FAILED, which says so.
    return true;
  } finally {
    closeSync(fd);
  }
}
