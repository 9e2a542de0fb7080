import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { accessSync, constants, existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port.js';

const INSTALL_COMMAND = 'apt-get update && apt-get install -y postgresql';
const READY_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 10_000;
const PORT_ATTEMPTS = 5;
const READY_LINE = 'database system is ready to accept connections';
const copyTree = (from: string, to: string) => promisify(execFile)('cp', ['-a', from, to]);

/** A PostgreSQL server child process on a loopback port, with a fresh cluster, for tests. */
export interface PostgresServerProcess {
  readonly port: number;
  /** `postgres://postgres@127.0.0.1:<port>/postgres` (trust auth on loopback). */
  readonly connectionString: string;
  /** Stops the server (fast shutdown: clients are disconnected) and waits for it to exit. */
  stop(): Promise<void>;
  /** Stops the server and removes its directory. */
  close(): Promise<void>;
}

const isExecutable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/**
 * The directory holding `initdb` and `postgres`: Debian's highest version under
 * `/usr/lib/postgresql/<version>/bin` (or `ADMIN_API_POSTGRESQL_DIR`), else a PATH directory
 * that has both. Throws, saying how to install them, when there is none: the tests never skip.
 * `scripts/ensure-test-servers.mjs` looks the same way.
 */
export function findPostgresBin(
  root = process.env.ADMIN_API_POSTGRESQL_DIR ?? '/usr/lib/postgresql',
  path = process.env.PATH ?? '',
): string {
  let versions: string[] = [];
  try {
    versions = readdirSync(root).filter((name) => /^\d+(\.\d+)?$/.test(name));
  } catch {
    // No such directory: not Debian's layout.
  }
  versions.sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
  const candidates = [
    ...versions.map((version) => join(root, version, 'bin')),
    ...path.split(delimiter).map((dir) => dir || '.'),
  ];
  for (const dir of candidates) {
    if (isExecutable(join(dir, 'initdb')) && isExecutable(join(dir, 'postgres'))) return dir;
  }
  throw new Error(
    `PostgreSQL's initdb and postgres are not under ${root}/<version>/bin nor on PATH; the session store tests start a real server. Install them: ${INSTALL_COMMAND} (pnpm test does this itself when run as root)`,
  );
}

/** PostgreSQL refuses to run as root: as root, run it as the `postgres` user. */
function serverUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => {
    try {
      return Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    } catch {
      throw new Error(
        'running as root, the PostgreSQL tests need a "postgres" user to run the server as; Debian\'s postgresql package creates it',
      );
    }
  };
  return { uid: id('-u'), gid: id('-g') };
}

class PortInUseError extends Error {}

interface Running {
  child: ChildProcess;
  exited: Promise<void>;
  killOnExit: () => void;
}

function run(binary: string, args: string[], dir: string, user: ReturnType<typeof serverUser>) {
  const child = spawn(binary, args, {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, LC_ALL: 'C' },
    ...user,
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-8000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  });
  return { child, exited, output: () => output };
}

const INITDB_OPTIONS = ['-U', 'postgres', '--auth=trust', '--no-sync', '--locale=C'];

async function initdb(bin: string, dir: string, user: ReturnType<typeof serverUser>) {
  const { child, exited, output } = run(
    join(bin, 'initdb'),
    ['-D', join(dir, 'data'), ...INITDB_OPTIONS],
    dir,
    user,
  );
  await exited;
  if (child.exitCode !== 0) throw new Error(`initdb failed:\n${output()}`);
}

/**
 * A fresh cluster in `dir/data`: a copy (`cp -a`, which keeps the owner) of one that initdb made
 * once for this user, binary and options, kept in the temporary directory. Each test file ran
 * initdb, about a second of CPU; the copy takes a fifth of that.
 */
async function freshCluster(bin: string, dir: string, user: ReturnType<typeof serverUser>) {
  const key = createHash('sha256')
    .update(JSON.stringify([bin, INITDB_OPTIONS]))
    .digest('hex')
    .slice(0, 16);
  const template = join(tmpdir(), `admin-api-postgres-cluster-${process.getuid?.() ?? 0}-${key}`);
  if (!existsSync(join(template, 'PG_VERSION'))) {
    const scratch = await mkdtemp(`${template}-`);
    try {
      if (user) await chown(scratch, user.uid, user.gid);
      await initdb(bin, scratch, user);
      // Atomic; when another process's cluster got there first, this one is dropped.
      await rename(join(scratch, 'data'), template).catch(() => {});
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }
  await copyTree(template, join(dir, 'data'));
}

async function launch(
  bin: string,
  port: number,
  dir: string,
  user: ReturnType<typeof serverUser>,
): Promise<Running> {
  // fsync off and no synchronous commit: a test cluster needs no durability, only speed.
  const settings = [
    'listen_addresses=127.0.0.1',
    `unix_socket_directories=${dir}`,
    'fsync=off',
    'synchronous_commit=off',
    'full_page_writes=off',
    'max_connections=200',
  ];
  const args = ['-D', join(dir, 'data'), '-p', String(port)];
  for (const setting of settings) args.push('-c', setting);
  const { child, exited, output } = run(join(bin, 'postgres'), args, dir, user);
  // A test run that dies must not leave servers behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const ready = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS);
    const check = () => {
      if (!output().includes(READY_LINE)) return;
      clearTimeout(timer);
      resolve(true);
    };
    child.stdout?.on('data', check);
    child.stderr?.on('data', check);
    void exited.then(() => {
      clearTimeout(timer);
      resolve(output().includes(READY_LINE));
    });
  });
  if (ready && child.exitCode === null) return { child, exited, killOnExit };
  process.removeListener('exit', killOnExit);
  child.kill('SIGKILL');
  await exited;
  if (/address already in use/i.test(output())) throw new PortInUseError(output());
  throw new Error(`postgres on port ${port} did not become ready:\n${output()}`);
}

async function terminate({ child, exited, killOnExit }: Running): Promise<void> {
  process.removeListener('exit', killOnExit);
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGINT'); // Fast shutdown: ends client sessions instead of waiting for them.
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  }
}

/**
 * Creates a cluster with `initdb` in a fresh temporary directory and starts `postgres` on a free
 * loopback port (its socket in that directory, fsync off, trust auth), resolving once it accepts
 * connections. As root it runs both as the `postgres` user. Throws, saying how to install
 * PostgreSQL, when it is missing: the tests never skip.
 */
export async function startPostgresServer(): Promise<PostgresServerProcess> {
  const bin = findPostgresBin();
  const user = serverUser();
  const dir = await mkdtemp(join(tmpdir(), 'admin-api-postgres-'));
  let running: Running | undefined;
  let port = 0;
  try {
    if (user) await chown(dir, user.uid, user.gid);
    await freshCluster(bin, dir, user);
    // Another process can take the port between our probe and the server's bind: try another.
    for (let attempt = 1; !running; attempt++) {
      port = await freePort();
      try {
        running = await launch(bin, port, dir, user);
      } catch (error) {
        if (!(error instanceof PortInUseError) || attempt === PORT_ATTEMPTS) throw error;
      }
    }
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }

  const stop = async () => {
    if (running) await terminate(running);
    running = undefined;
  };
  return {
    port,
    connectionString: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop,
    async close() {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
