import { accessSync, constants, lstatSync, readlinkSync, type Stats, statSync } from 'node:fs';
import { dirname } from 'node:path';

const lstat = (path: string): Stats | undefined => lstatSync(path, { throwIfNoEntry: false });
const stat = (path: string): Stats | undefined => statSync(path, { throwIfNoEntry: false });

function isWritable(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** Why `path` (a folder on the way, or the file itself) is a symbolic link that points nowhere. */
function danglingLink(path: string): string | undefined {
  if (!lstat(path)?.isSymbolicLink() || stat(path)) return undefined;
  return `${path} is a symbolic link to ${readlinkSync(path)}, which does not exist: create the target, or remove the link.`;
}

/**
 * Why project file `file` (a relative path with `/` separators) cannot be written, or `undefined`
 * when it can: a folder on its path is a file or a dangling link, it is a folder or a dangling
 * link itself, or what would be written is read-only.
 */
export function blockedPath(file: string): string | undefined {
  const parts = file.split('/');
  for (let depth = 1; depth <= parts.length; depth++) {
    const path = parts.slice(0, depth).join('/');
    const dangling = danglingLink(path);
    if (dangling) return dangling;
    const found = stat(path);
    if (!found) break;
    if (depth < parts.length && !found.isDirectory()) {
      return `${path} is a file, but ${file} goes in a folder of that name: rename or move ${path}.`;
    }
    if (depth === parts.length && found.isDirectory()) {
      return `${file} is a folder, where a file goes: rename or move it.`;
    }
  }
  let target = file;
  while (!stat(target) && dirname(target) !== target) target = dirname(target);
  return isWritable(target)
    ? undefined
    : `${target === file ? file : `the folder ${target}`} is not writable: fix its permissions.`;
}
