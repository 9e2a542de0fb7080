import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { CliIo } from './cli-io.js';

const CODEGEN_SCRIPT = 'graphql-codegen --config codegen.ts';

const FILES: Record<string, string> = {
  'codegen.ts': `import { defineConfig } from '@admin-api/codegen';

// \`pnpm codegen\` introspects the Admin API with the ADMIN_API_* credentials (environment or .env),
// caches the schema in admin-api.schema.graphql (commit it: CI then needs no secrets), and
// writes typed getSdk() functions for your .graphql files.
export default defineConfig({
  documents: 'src/**/*.graphql',
  output: 'src/generated/admin-api.ts',
});
`,
  '.env.example': `# Copy to .env (never commit it) and fill in your private app's credentials.
# Token host of your store, e.g. https://<store>.myikas.com
ADMIN_API_AUTH_URL=
# Admin GraphQL host, e.g. https://api.myikas.com
ADMIN_API_BASE_URL=
ADMIN_API_CLIENT_ID=
# Confidential: keep it in the environment or a secret manager, never in code.
ADMIN_API_CLIENT_SECRET=
`,
  'src/me.graphql': `# The app the credentials belong to, and what it may do.
query GetMe {
  me {
    id
    name
    scopes
  }
}
`,
};

interface PackageJson {
  scripts?: Record<string, string>;
  [key: string]: unknown;
}

function isDirectory(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false;
}

/** Why `file` cannot be written: a folder on its path is a file, or it is a folder itself. */
function blockedPath(file: string): string | undefined {
  const parts = file.split('/');
  for (let depth = 1; depth < parts.length; depth++) {
    const folder = parts.slice(0, depth).join('/');
    if (existsSync(folder) && !isDirectory(folder)) {
      return `${folder} is a file, but ${file} goes in a folder of that name: rename or move ${folder}.`;
    }
  }
  return isDirectory(file)
    ? `${file} is a folder, where a file goes: rename or move it.`
    : undefined;
}

type PackageJsonRead = { pkg: PackageJson; text: string } | { problem: string } | undefined;

function readPackageJson(): PackageJsonRead {
  if (!existsSync('package.json')) return undefined;
  if (isDirectory('package.json'))
    return { problem: 'package.json is a folder: rename or move it.' };
  const text = readFileSync('package.json', 'utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return {
      problem: `package.json is not valid JSON (${(error as Error).message}): fix it, or move it aside.`,
    };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { problem: 'package.json does not hold a JSON object: fix it, or move it aside.' };
  }
  return { pkg: json as PackageJson, text };
}

/**
 * `admin-api init`: writes codegen.ts, .env.example, a sample src/me.graphql and a `codegen`
 * script. Never overwrites: it asks first on a terminal, refuses otherwise, unless `--force`.
 * Checks everything before writing anything, so a problem leaves the project as it was.
 */
export async function init(flags: { force?: boolean }, io: CliIo): Promise<number> {
  const read = readPackageJson();
  const problems = [
    ...(read && 'problem' in read ? [read.problem] : []),
    ...[...Object.keys(FILES), '.gitignore'].flatMap((file) => blockedPath(file) ?? []),
  ];
  if (problems.length > 0) {
    for (const problem of problems) io.error(`✘ ${problem}`);
    io.error('Nothing was written. Run `admin-api init` again once that is fixed.');
    return 1;
  }
  const pkgText = read && 'pkg' in read ? read.text : undefined;
  const pkg = read && 'pkg' in read ? read.pkg : undefined;
  const existingScript = pkg?.scripts?.codegen;

  const conflicts = Object.keys(FILES).filter(
    (file) => existsSync(file) && readFileSync(file, 'utf8') !== FILES[file],
  );
  if (existingScript && existingScript !== CODEGEN_SCRIPT)
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

  for (const [file, content] of Object.entries(FILES)) {
    const exists = existsSync(file);
    if (exists && (!overwrite || readFileSync(file, 'utf8') === content)) {
      io.out(`  kept     ${file}`);
      continue;
    }
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
    io.out(`  ${exists ? 'replaced' : 'created '} ${file}`);
  }
  if (!pkg) {
    io.out(
      '  no package.json here: add "codegen": "graphql-codegen --config codegen.ts" to your scripts.',
    );
  } else if (existingScript !== CODEGEN_SCRIPT && (existingScript === undefined || overwrite)) {
    pkg.scripts = { ...pkg.scripts, codegen: CODEGEN_SCRIPT };
    const indent = /^[ \t]+/m.exec(pkgText ?? '')?.[0] ?? '  ';
    writeFileSync('package.json', `${JSON.stringify(pkg, null, indent)}\n`);
    io.out('  added    package.json "codegen" script');
  }
  const gitignore = existsSync('.gitignore') ? readFileSync('.gitignore', 'utf8') : '';
  if (!/^\.env$/m.test(gitignore)) {
    writeFileSync(
      '.gitignore',
      `${gitignore}${gitignore && !gitignore.endsWith('\n') ? '\n' : ''}.env\n`,
    );
    io.out('  added    .env to .gitignore');
  }
  const installed = new Set([
    ...Object.keys((pkg?.dependencies as Record<string, string> | undefined) ?? {}),
    ...Object.keys((pkg?.devDependencies as Record<string, string> | undefined) ?? {}),
  ]);
  const missing = (names: string[]) =>
    names.filter((name) => !installed.has(name.replace(/(.)@.*$/, '$1')));
  const runtime = missing(['@admin-api/client', 'graphql@16', '@graphql-typed-document-node/core']);
  const dev = missing(['@admin-api/codegen', '@graphql-codegen/cli', '@parcel/watcher']);
  io.out(
    [
      '',
      'Next:',
      ...(runtime.length ? [`  pnpm add ${runtime.join(' ')}`] : []),
      ...(dev.length
        ? [
            `  pnpm add -D ${dev.join(' ')}${dev.includes('@parcel/watcher') ? '   # watcher: for --watch' : ''}`,
          ]
        : []),
      '  cp .env.example .env   # and fill it in',
      '  pnpm codegen           # then: getSdk(createAdminClientFromEnv()).getMe()',
    ].join('\n'),
  );
  return 0;
}
