import { existsSync, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { type GlobOptions, globSync, isDynamicPattern } from 'tinyglobby';
import { compareCodeUnits } from '../compare-code-units.js';

/** A path relative to the working directory, with `/` separators: how files are named to users. */
export function projectPath(absolutePath: string, cwd = process.cwd()): string {
  return relative(cwd, absolutePath).split(sep).join('/');
}

/** A glob's folders before its first pattern segment, absolute: `src/graphql` for `src/graphql/**\/*.graphql`. */
function staticBase(pattern: string, cwd: string): string {
  const fixed: string[] = [];
  for (const segment of pattern.split('/').slice(0, -1)) {
    if (isDynamicPattern(segment)) break;
    fixed.push(segment);
  }
  const joined = fixed.join('/');
  return resolve(cwd, isAbsolute(pattern) && joined === '' ? '/' : joined || '.');
}

/**
 * The walk's file system: fdir, under tinyglobby, resolves each symbolic link it meets with
 * `realpathSync`, and walks into the target when it is a folder. Here that fails for a linked
 * folder no glob names, so the walk passes it by (fdir skips what it cannot resolve); a link to a
 * file is listed as before.
 */
function noLinkedFoldersBut(named: readonly string[]): NonNullable<GlobOptions['fs']> {
  const isNamed = (link: string) =>
    named.some((base) => base === link || base.startsWith(link + sep));
  return {
    realpathSync: ((path: string) => {
      const target = realpathSync(path);
      if (statSync(target).isDirectory() && !isNamed(resolve(path))) {
        throw new Error(`${path}: a linked folder no glob names, not walked`);
      }
      return target;
    }) as typeof realpathSync,
  };
}

/**
 * The files the document globs match, as project paths, sorted; never one of `exclude` (the
 * output, which a `src/**\/*.ts` glob would otherwise match, and the schema cache, which
 * `**\/*.graphql` would) and nothing in `node_modules`.
 *
 * A symbolically linked folder is walked into only when a glob names it before its first
 * pattern segment (`src/common/**\/*.graphql` for `src/common -> ../../common`), inside the
 * project or out of it: a link can lead anywhere (`src/root -> /` walked the whole disk) or back
 * up the tree (a cycle), and the watcher does not follow links either, so a build and a watch see
 * the same files. Linked files are read.
 */
export function findDocumentFiles(
  patterns: readonly string[],
  exclude: readonly string[],
  cwd = process.cwd(),
): string[] {
  const named = patterns
    .filter((pattern) => !pattern.startsWith('!'))
    .map((pattern) => staticBase(pattern, cwd));
  return globSync([...patterns], {
    cwd,
    absolute: true,
    expandDirectories: false,
    ignore: ['**/node_modules/**'],
    fs: noLinkedFoldersBut(named),
  })
    .filter((file) => !exclude.includes(resolve(file)))
    .map((file) => projectPath(file, cwd))
    .sort(compareCodeUnits);
}

/** Whether `outer`'s watch sees `root`: it lies below, and through no linked folder. */
function watchedWithin(root: string, outer: string): boolean {
  if (root === outer) return true;
  if (!root.startsWith(outer + sep)) return false;
  try {
    return realpathSync(root) === join(realpathSync(outer), relative(outer, root));
  } catch {
    return false;
  }
}

/**
 * The directories to watch for the globs: each pattern's static part (`src/graphql` for
 * `src/graphql/**\/*.graphql`), or its nearest existing ancestor; nested ones dropped, but for
 * those reached through a linked folder, which a watch does not follow.
 */
export function watchRoots(patterns: readonly string[], cwd = process.cwd()): string[] {
  const roots = patterns
    .filter((pattern) => !pattern.startsWith('!'))
    .map((pattern) => {
      let root = staticBase(pattern, cwd);
      while (!existsSync(root) && dirname(root) !== root) root = dirname(root);
      return root;
    })
    .sort();
  return roots.filter(
    (root, index) => !roots.slice(0, index).some((outer) => watchedWithin(root, outer)),
  );
}
