import { closeSync, type Dirent, openSync, readdirSync, readFileSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { adminApiCommand } from '../package-manager.js';

/** A bound on the walk, so init stays quick in a large repository. */
const MAX_ENTRIES = 20_000;
/** The head of a `.js` file is enough to see whether it is CommonJS. */
const HEAD_BYTES = 64 * 1024;
const COMMONJS_SYNTAX = /\brequire\s*\(|\bmodule\.exports\b|\bexports\.[A-Za-z_$][\w$]*\s*=/;

function readHead(path: string): string {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    return buffer.toString('utf8', 0, readSync(fd, buffer, 0, HEAD_BYTES, 0));
  } finally {
    closeSync(fd);
  }
}

/**
 * What `"type": "module"` would break: `.js` files written as CommonJS (built output included;
 * `node_modules` and dot-folders skipped), and a tsconfig that compiles to CommonJS: `"commonjs"`,
 * or `"node16"`/`"nodenext"` (they follow `"type"`) where `.ts` sources exist to be compiled, as
 * a fresh `tsc --init` project has none and is meant for ESM (`verbatimModuleSyntax`).
 */
export function findCommonJsSignals(root = '.'): string[] {
  const found: string[] = [];
  let hasTypeScript = false;
  const pending = [root];
  let seen = 0;
  while (pending.length > 0 && seen < MAX_ENTRIES) {
    const dir = pending.pop() as string;
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (++seen > MAX_ENTRIES) break;
      const path = dir === '.' ? entry.name : join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && !entry.name.startsWith('.')) pending.push(path);
      } else if (entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        // init's own codegen.ts is not a source of the project's build.
        if (path !== join(root, 'codegen.ts')) hasTypeScript = true;
      } else if (entry.isFile() && entry.name.endsWith('.js')) {
        try {
          if (COMMONJS_SYNTAX.test(readHead(path))) found.push(path);
        } catch {
          // An unreadable file says nothing either way.
        }
      }
    }
  }
  try {
    const tsconfig = readFileSync(join(root, 'tsconfig.json'), 'utf8');
    const nodeModule = /"module"\s*:\s*"(node(?:16|18|20|next))"/i.exec(tsconfig)?.[1];
    if (/"module"\s*:\s*"commonjs"/i.test(tsconfig)) {
      found.push('tsconfig.json ("module": "commonjs")');
    } else if (nodeModule && hasTypeScript) {
      found.push(`tsconfig.json ("module": "${nodeModule}" compiles these .ts files to CommonJS)`);
    }
  } catch {
    // No tsconfig.json: nothing compiles to CommonJS.
  }
  return found.sort();
}

/** What init does about `"type"` in package.json. */
export type ModuleTypeDecision =
  | { action: 'keep' }
  | { action: 'set'; note: string }
  | { action: 'advise'; lines: string[] };

const REQUIRE_NOTE =
  'The kit is ESM-only. From CommonJS, Node >= 20.19 or >= 22.12 can require() it; older Node needs "type": "module" (or .mts files).';

/**
 * Sets `"type": "module"` only where that cannot silently break the project: no `"type"` yet, or
 * `"commonjs"` (which `npm init` writes by default), and nothing CommonJS found; or `--esm`.
 * Otherwise leaves it and says precisely what to do.
 */
export function decideModuleType(
  type: unknown,
  esm: boolean,
  signals: () => string[],
): ModuleTypeDecision {
  if (type === 'module') return { action: 'keep' };
  if (esm) {
    const found = signals();
    return {
      action: 'set',
      note: found.length
        ? `set      package.json "type": "module" (--esm); now rename these CommonJS files to .cjs, or convert them: ${found.join(', ')}`
        : 'set      package.json "type": "module" (--esm)',
    };
  }
  if (type !== undefined && type !== 'commonjs') {
    return {
      action: 'advise',
      lines: [
        `package.json says "type": ${JSON.stringify(type)}; left as it is. ${REQUIRE_NOTE}`,
        `Run \`${adminApiCommand('init --esm')}\` to switch the project to "type": "module".`,
      ],
    };
  }
  const found = signals();
  if (found.length === 0) {
    return {
      action: 'set',
      note:
        type === 'commonjs'
          ? 'set      package.json "type": "module", was "commonjs" (npm init\'s default; the kit is ESM-only; no CommonJS files found)'
          : 'set      package.json "type": "module" (the kit is ESM-only; no CommonJS files found)',
    };
  }
  const shown =
    found.slice(0, 5).join(', ') + (found.length > 5 ? `, and ${found.length - 5} more` : '');
  const left =
    type === 'commonjs' ? 'package.json says "type": "commonjs"' : 'package.json has no "type"';
  return {
    action: 'advise',
    lines: [
      `${left}, and these are CommonJS: ${shown}. "type" was left ${type === 'commonjs' ? 'as it is' : 'unset'}, so they keep working. ${REQUIRE_NOTE}`,
      `To switch: rename those files to .cjs (or convert them to ESM), then run \`${adminApiCommand('init --esm')}\`.`,
    ],
  };
}
