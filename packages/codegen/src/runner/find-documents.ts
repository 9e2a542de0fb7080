import { existsSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { globSync, isDynamicPattern } from 'tinyglobby';
import { compareCodeUnits } from '../compare-code-units.js';

/** A path relative to the working directory, with `/` separators: how files are named to users. */
export function projectPath(absolutePath: string, cwd = process.cwd()): string {
  return relative(cwd, absolutePath).split(sep).join('/');
}

/**
 * The files the document globs match, as project paths, sorted; never one of `exclude` (the
 * output, which a `src/**\/*.ts` glob would otherwise match, and the schema cache, which
 * `**\/*.graphql` would) and nothing in `node_modules`.
 */
export function findDocumentFiles(
  patterns: readonly string[],
  exclude: readonly string[],
  cwd = process.cwd(),
): string[] {
  return globSync([...patterns], {
    cwd,
    absolute: true,
    expandDirectories: false,
    ignore: ['**/node_modules/**'],
  })
    .filter((file) => !exclude.includes(resolve(file)))
    .map((file) => projectPath(file, cwd))
    .sort(compareCodeUnits);
}

/**
 * The directories to watch for the globs: each pattern's static part (`src/graphql` for
 * `src/graphql/**\/*.graphql`), or its nearest existing ancestor; nested ones dropped.
 */
export function watchRoots(patterns: readonly string[], cwd = process.cwd()): string[] {
  const roots = patterns
    .filter((pattern) => !pattern.startsWith('!'))
    .map((pattern) => {
      const segments = pattern.split('/');
      const fixed: string[] = [];
      for (const segment of segments.slice(0, -1)) {
        if (isDynamicPattern(segment)) break;
        fixed.push(segment);
      }
      const joined = fixed.join('/');
      let root = resolve(cwd, isAbsolute(pattern) && joined === '' ? '/' : joined || '.');
      while (!existsSync(root) && dirname(root) !== root) root = dirname(root);
      return root;
    })
    .sort();
  return roots.filter(
    (root, index) =>
      !roots.slice(0, index).some((outer) => root === outer || root.startsWith(outer + sep)),
  );
}
