import { type Dirent, existsSync, type FSWatcher, lstatSync, readdirSync, watch } from 'node:fs';
import { dirname, join, sep } from 'node:path';

/** A running watch; `close()` stops it. */
export interface TreeWatch {
  close(): void;
}

/** Never walked or watched: dependencies, VCS data and other dot folders. */
const skipped = (name: string) => name === 'node_modules' || name.startsWith('.');

/**
 * Watches `root` and every folder below it (but `node_modules`, dot folders and linked folders,
 * which the document globs do not walk either) with one non-recursive `fs.watch` each, and calls
 * `onChange` with the absolute path of whatever changed (a link among them).
 * A folder that appears is watched too, and the files already in it reported (a folder moved in).
 * When `root` itself is deleted, its nearest existing ancestor is watched until it is back.
 *
 * Why not `fs.watch(root, { recursive: true })`: on Linux, Node implements it by walking and
 * watching every folder below the root, `node_modules` and `.git` included, for a glob like
 * `**\/*.graphql` the whole project; here those are skipped. No watcher package: no native build
 * to install, the same code on Linux, macOS and Windows.
 */
export function watchTree(root: string, onChange: (path: string) => void): TreeWatch {
  const watchers = new Map<string, FSWatcher>();
  /** While `root` is gone: the watch on its nearest existing ancestor. */
  let waiting: FSWatcher | undefined;
  let closed = false;

  /** Watches the nearest existing ancestor of `root`, and `root` again once it exists. */
  function awaitRoot(): void {
    waiting?.close();
    waiting = undefined;
    if (closed) return;
    if (existsSync(root)) {
      add(root, true);
      return;
    }
    let ancestor = dirname(root);
    while (!existsSync(ancestor) && dirname(ancestor) !== ancestor) ancestor = dirname(ancestor);
    try {
      waiting = watch(ancestor, () => awaitRoot());
      waiting.on('error', () => awaitRoot());
    } catch {
      return; // Not readable: nothing to wait on.
    }
    // Created between the check and the watch: no event would say so.
    if (existsSync(root)) awaitRoot();
  }

  /** A watched folder is gone: stop watching it, and wait for `root` if that is what went. */
  function gone(directory: string): void {
    unwatch(directory);
    // Its files may be gone without an event of their own.
    onChange(directory);
    if (directory === root) awaitRoot();
  }

  function unwatch(directory: string): void {
    for (const [path, watcher] of watchers) {
      if (path === directory || path.startsWith(directory + sep)) {
        watcher.close();
        watchers.delete(path);
      }
    }
  }

  function add(directory: string, reportFiles: boolean): void {
    if (watchers.has(directory)) return;
    let watcher: FSWatcher;
    try {
      watcher = watch(directory, (_event, name) => {
        if (!existsSync(directory)) {
          gone(directory);
          return;
        }
        if (name === null) return;
        const path = join(directory, name.toString());
        let isDirectory = false;
        try {
          // Not through a link: a linked folder is not walked (`src/root -> /` would be the disk).
          isDirectory = lstatSync(path).isDirectory();
        } catch {
          // Gone: if it was a watched folder, so are its watchers.
          unwatch(path);
        }
        if (isDirectory) {
          if (!skipped(name.toString())) add(path, true);
        } else onChange(path);
      });
    } catch {
      return; // Gone before it could be watched, or not readable: nothing to report from it.
    }
    watcher.on('error', () => gone(directory));
    watchers.set(directory, watcher);
    let entries: Dirent[];
    try {
      entries = readdirSync(directory, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) {
        if (!skipped(entry.name)) add(path, reportFiles);
      } else if (reportFiles) onChange(path);
    }
  }

  add(root, false);
  return {
    close() {
      closed = true;
      waiting?.close();
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}
