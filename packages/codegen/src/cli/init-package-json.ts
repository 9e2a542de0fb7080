import { readFileSync, writeFileSync } from 'node:fs';
import { isRecord } from '@admin-api/auth/internal';
import { blockedPath } from './init-paths.js';

const BOM = '\uFEFF';

/** A project's `package.json`, read so that rewriting it changes only what init sets. */
export interface ProjectPackage {
  readonly json: Record<string, unknown>;
  readonly scripts: Readonly<Record<string, unknown>> | undefined;
  /** Whether the file starts with a UTF-8 byte order mark, kept when it is rewritten. */
  readonly bom: boolean;
  readonly indent: string;
}

export type PackageJsonRead = { pkg: ProjectPackage } | { problem: string } | undefined;

function describeJsonValue(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  return `a ${typeof value}`;
}

/** The project's `package.json`, a problem that stops init, or `undefined` when there is none. */
export function readPackageJson(path = 'package.json'): PackageJsonRead {
  const blocked = blockedPath(path);
  if (blocked) return { problem: blocked };
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    return { problem: `${path} cannot be read (${(error as NodeJS.ErrnoException).code}).` };
  }
  const bom = text.startsWith(BOM);
  let json: unknown;
  try {
    json = JSON.parse(bom ? text.slice(BOM.length) : text);
  } catch (error) {
    return {
      problem: `${path} is not valid JSON (${(error as Error).message}): fix it, or move it aside.`,
    };
  }
  if (!isRecord(json)) {
    return { problem: `${path} does not hold a JSON object: fix it, or move it aside.` };
  }
  const { scripts } = json;
  if (scripts !== undefined && !isRecord(scripts)) {
    return {
      problem: `${path}: "scripts" is ${describeJsonValue(scripts)}, where an object of named commands goes: fix it.`,
    };
  }
  return {
    pkg: {
      json,
      scripts,
      bom,
      indent: /^[ \t]+/m.exec(text)?.[0] ?? '  ',
    },
  };
}

/** Rewrites `package.json` with `changes` merged in, in its own indentation, BOM kept. */
export function writePackageJson(
  pkg: ProjectPackage,
  changes: Record<string, unknown>,
  path = 'package.json',
): void {
  const json = { ...pkg.json, ...changes };
  writeFileSync(path, `${pkg.bom ? BOM : ''}${JSON.stringify(json, null, pkg.indent)}\n`);
}

/** The names of the packages the project depends on, in any dependency field. */
export function dependencyNames(pkg: ProjectPackage | undefined): Set<string> {
  const names = new Set<string>();
  for (const field of ['dependencies', 'devDependencies', 'peerDependencies']) {
    const deps = pkg?.json[field];
    if (typeof deps === 'object' && deps !== null)
      for (const name of Object.keys(deps)) names.add(name);
  }
  return names;
}
