import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareCodeUnits } from '../compare-code-units.js';

const requireHere = createRequire(import.meta.url);
const versionOf = (packageJson: string) =>
  String((JSON.parse(readFileSync(packageJson, 'utf8')) as { version?: unknown }).version);

let ownCode: string | undefined;

/**
 * A sum of the code that builds a module: this package's version and every module of the tree it
 * runs from (`dist`, or `src` under a TypeScript runner), so that a rebuilt package never reuses
 * what an older build made, and graphql's version (its messages are the diagnostics').
 */
export function codeFingerprint(): string {
  if (ownCode !== undefined) return ownCode;
  const here = fileURLToPath(import.meta.url);
  let root = dirname(here);
  while (!existsSync(join(root, 'package.json')) && dirname(root) !== root) root = dirname(root);
  const tree = join(root, relative(root, here).split(sep)[0] ?? '');
  const hash = createHash('sha256');
  hash.update(
    `${versionOf(join(root, 'package.json'))}\0graphql ${versionOf(requireHere.resolve('graphql/package.json'))}\0`,
  );
  for (const file of modulesUnder(tree)) {
    hash
      .update(`${relative(tree, file)}\0`)
      .update(readFileSync(file))
      .update('\0');
  }
  ownCode = hash.digest('hex');
  return ownCode;
}

/** The JavaScript and TypeScript modules under `folder` (declarations aside), sorted. */
function modulesUnder(folder: string): string[] {
  // Node 20's readdirSync({ recursive }) takes several times as long.
  const found: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) found.push(...modulesUnder(path));
    else if (/\.(js|ts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(path);
  }
  return found.sort(compareCodeUnits);
}

/**
 * Babel's and graphql-tag-pluck's versions, as they find the GraphQL in code files; `undefined`
 * when they cannot be told (what they found is then not cached).
 */
export function pluckFingerprint(): string | undefined {
  try {
    const pluck = requireHere.resolve('@graphql-tools/graphql-tag-pluck/package.json');
    const parser = createRequire(pluck).resolve('@babel/parser/package.json');
    return `${versionOf(pluck)} ${versionOf(parser)}`;
  } catch {
    return undefined;
  }
}
