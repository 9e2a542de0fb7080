// Makes sure `redis-server` is on PATH before the tests run: fleet mode's tests start real
// servers. Installs Debian's package when running as root (CI, a fresh machine); otherwise says
// which command to run.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

const INSTALL = 'apt-get update && apt-get install -y redis-server';

function onPath(command) {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => {
    try {
      accessSync(join(dir || '.', command), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

function run(command, args) {
  console.log(`ensure-redis-server: ${command} ${args.join(' ')}`);
  const { status, error } = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (status !== 0) {
    console.error(
      `ensure-redis-server: "${command} ${args.join(' ')}" failed (${error?.message ?? `exit ${status}`}); install redis-server yourself: ${INSTALL}`,
    );
    process.exit(1);
  }
}

if (!onPath('redis-server')) {
  if (process.getuid?.() !== 0 || !onPath('apt-get')) {
    console.error(
      `ensure-redis-server: the tests need redis-server, which is not on PATH. Install it (as root): ${INSTALL}`,
    );
    process.exit(1);
  }
  run('apt-get', ['update']);
  run('apt-get', ['install', '-y', 'redis-server']);
}
