// Makes sure the servers and browser the tests start for real are installed: `redis-server`
// (fleet mode), PostgreSQL's `initdb` and `postgres` (the session store) and `chromium` (the
// browser tests). Installs Debian's packages for whatever is missing when running as root (CI, a
// fresh machine), with one `apt-get update` and one `apt-get install`; otherwise says which
// command to run.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';

const PATH_DIRS = (process.env.PATH ?? '').split(delimiter).map((dir) => dir || '.');
// Debian keeps PostgreSQL's server binaries off PATH, under /usr/lib/postgresql/<version>/bin;
// test/support/postgres-server-process.ts looks in the same places.
const POSTGRESQL_DIR = process.env.ADMIN_API_POSTGRESQL_DIR ?? '/usr/lib/postgresql';

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

const onPath = (command) => PATH_DIRS.some((dir) => isExecutable(join(dir, command)));

function hasPostgresServer() {
  let versions = [];
  try {
    versions = readdirSync(POSTGRESQL_DIR).filter((name) => /^\d+(\.\d+)?$/.test(name));
  } catch {
    // Not Debian's layout.
  }
  const dirs = [...versions.map((version) => join(POSTGRESQL_DIR, version, 'bin')), ...PATH_DIRS];
  return dirs.some(
    (dir) => isExecutable(join(dir, 'initdb')) && isExecutable(join(dir, 'postgres')),
  );
}

/** Debian package → is it there? In the order they are installed. */
const needs = [
  ['redis-server', () => onPath('redis-server')],
  ['postgresql', hasPostgresServer],
  ['chromium', () => onPath('chromium')],
];

const missing = needs.filter(([, present]) => !present()).map(([name]) => name);
const install = `apt-get update && apt-get install -y ${missing.join(' ')}`;

function run(command, args) {
  console.log(`ensure-test-servers: ${command} ${args.join(' ')}`);
  const { status, error } = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (status !== 0) {
    console.error(
      `ensure-test-servers: "${command} ${args.join(' ')}" failed (${error?.message ?? `exit ${status}`}); install them yourself: ${install}`,
    );
    process.exit(1);
  }
}

if (missing.length > 0) {
  if (process.getuid?.() !== 0 || !onPath('apt-get')) {
    console.error(
      `ensure-test-servers: the tests need ${missing.join(', ')}, which ${missing.length === 1 ? 'is' : 'are'} not installed. Install (as root): ${install}`,
    );
    process.exit(1);
  }
  run('apt-get', ['update']);
  run('apt-get', ['install', '-y', ...missing]);
}
