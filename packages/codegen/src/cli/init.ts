import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { CodegenError } from '../errors.js';
import { adminApiCommand, packageManagerCommands } from '../package-manager.js';
import type { CliIo } from './cli-io.js';
import { CODEGEN_SCRIPT, INIT_FILES } from './init-files.js';
import { decideModuleType, findCommonJsSignals } from './init-module-type.js';
import {
  dependencyNames,
  type ProjectPackage,
  readPackageJson,
  writePackageJson,
} from './init-package-json.js';
import { blockedPath } from './init-paths.js';

/** Options of `admin-api init`. */
export interface InitFlags {
  /** Overwrite files that differ without asking. @default false */
  force?: boolean;
  /** Set `"type": "module"` even where CommonJS files or a `"type"` were found. @default false */
  esm?: boolean;
}

/** Writes a project file; a failure the checks could not foresee still gets a code and the path. */
function writeProjectFile(file: string, write: () => void): void {
  try {
    write();
  } catch (error) {
    throw new CodegenError(
      'WRITE_FAILED',
      `Could not write ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`,
      { cause: error },
    );
  }
}

function nextSteps(pkg: ProjectPackage | undefined): string[] {
  const installed = dependencyNames(pkg);
  const missing = (names: string[]) =>
    names.filter((name) => !installed.has(name.replace(/(.)@.*$/, '$1')));
  const runtime = missing(['@admin-api/client', 'graphql@16']);
  const dev = missing(['@admin-api/codegen']);
  const commands = packageManagerCommands();
  return [
    '',
    'Next:',
    ...(runtime.length ? [`  ${commands.add} ${runtime.join(' ')}`] : []),
    ...(dev.length ? [`  ${commands.addDev} ${dev.join(' ')}`] : []),
    ...(existsSync('.env') ? [] : ['  cp .env.example .env   # and fill it in']),
    `  ${commands.codegen.padEnd(22)} # writes admin-api.schema.graphql (commit it: editors read it) and the SDK`,
    '  # then: getSdk(createAdminClientFromEnv()).getMe()',
  ];
}

/**
 * `admin-api init`: writes codegen.ts, .graphqlrc.yml (for editors), .env.example, a sample
 * src/me.graphql, a `codegen` script and, where safe, `"type": "module"`. Never overwrites: it
 * asks first on a terminal, refuses otherwise, unless `--force`. Checks everything before writing
 * anything, so a problem leaves the project as it was.
 */
export async function init(flags: InitFlags, io: CliIo): Promise<number> {
  const read = readPackageJson();
  const problems = [
    ...(read && 'problem' in read ? [read.problem] : []),
    ...[...Object.keys(INIT_FILES), '.gitignore'].flatMap((file) => blockedPath(file) ?? []),
  ];
  if (problems.length > 0) {
    for (const problem of problems) io.error(`✘ ${problem}`);
    io.error(`Nothing was written. Run \`${adminApiCommand('init')}\` again once that is fixed.`);
    return 1;
  }
  const pkg = read && 'pkg' in read ? read.pkg : undefined;
  const existingScript = pkg?.scripts?.codegen;

  const conflicts = Object.keys(INIT_FILES).filter(
    (file) => existsSync(file) && readFileSync(file, 'utf8') !== INIT_FILES[file],
  );
  if (existingScript !== undefined && existingScript !== CODEGEN_SCRIPT)
    conflicts.push('package.json "codegen" script');
  let overwrite = flags.force === true;
  if (conflicts.length > 0 && !overwrite) {
    const answer = await io.confirm(
      `These exist and differ: ${conflicts.join(', ')}. Overwrite them?`,
    );
    if (answer === undefined) {
      io.error(`✘ Not overwriting ${conflicts.join(', ')}. Re-run with --force to replace them.`);
      return 1;
    }
    overwrite = answer;
  }

  for (const [file, content] of Object.entries(INIT_FILES)) {
    const exists = existsSync(file);
    if (exists && (!overwrite || readFileSync(file, 'utf8') === content)) {
      io.out(`  kept     ${file}`);
      continue;
    }
    writeProjectFile(file, () => {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, content);
    });
    io.out(`  ${exists ? 'replaced' : 'created '} ${file}`);
  }

  const advice: string[] = [];
  if (!pkg) {
    advice.push(
      `No package.json here: add "codegen": "${CODEGEN_SCRIPT}" to your scripts, and "type": "module" (the kit is ESM-only).`,
    );
  } else {
    const changes: Record<string, unknown> = {};
    const notes: string[] = [];
    if (existingScript !== CODEGEN_SCRIPT && (existingScript === undefined || overwrite)) {
      changes.scripts = { ...pkg.scripts, codegen: CODEGEN_SCRIPT };
      notes.push('added    package.json "codegen" script');
    }
    const moduleType = decideModuleType(pkg.json.type, flags.esm === true, () =>
      findCommonJsSignals(),
    );
    if (moduleType.action === 'set') {
      changes.type = 'module';
      notes.push(moduleType.note);
    } else if (moduleType.action === 'advise') {
      advice.push(...moduleType.lines);
    }
    if (Object.keys(changes).length > 0) {
      writeProjectFile('package.json', () => writePackageJson(pkg, changes));
      for (const note of notes) io.out(`  ${note}`);
    }
  }

  const gitignore = existsSync('.gitignore') ? readFileSync('.gitignore', 'utf8') : '';
  if (!/^\.env$/m.test(gitignore)) {
    writeProjectFile('.gitignore', () =>
      writeFileSync(
        '.gitignore',
        `${gitignore}${gitignore && !gitignore.endsWith('\n') ? '\n' : ''}.env\n`,
      ),
    );
    io.out('  added    .env to .gitignore');
  }
  if (advice.length > 0) io.out(['', ...advice.map((line) => `! ${line}`)].join('\n'));
  io.out(nextSteps(pkg).join('\n'));
  return 0;
}
