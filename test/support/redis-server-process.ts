import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { freePort } from './free-port.js';

const INSTALL_COMMAND = 'apt-get update && apt-get install -y redis-server';
const READY_TIMEOUT_MS = 10_000;
const STOP_TIMEOUT_MS = 5_000;
const PORT_ATTEMPTS = 5;

/** A `redis-server` child process on a loopback port, for tests. */
export interface RedisServerProcess {
  readonly port: number;
  /** `redis://127.0.0.1:<port>` */
  readonly url: string;
  /** Stops the server and waits for it to exit; its data is gone (persistence is off). */
  stop(): Promise<void>;
  /** Starts it again on the same port, e.g. after {@link RedisServerProcess.stop} in an outage test. */
  restart(): Promise<void>;
  /** Stops the server and removes its directory. */
  close(): Promise<void>;
}

/** Where `redis-server` is; a clear way out when it is not installed. */
export function findRedisServer(path = process.env.PATH ?? ''): string {
  for (const dir of path.split(delimiter)) {
    const candidate = join(dir || '.', 'redis-server');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not in this directory.
    }
  }
  throw new Error(
    `redis-server is not on PATH; the fleet tests start real Redis servers. Install it: ${INSTALL_COMMAND} (pnpm test does this itself when run as root)`,
  );
}

/** True when the server answers PING with PONG (it accepts commands). */
function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      if (received.includes('\r\n')) done(received.startsWith('+PONG'));
    });
  });
}

class PortInUseError extends Error {}

interface Running {
  child: ChildProcess;
  exited: Promise<void>;
  killOnExit: () => void;
}

async function launch(binary: string, port: number, dir: string): Promise<Running> {
  const child = spawn(
    binary,
    // Persistence off and a private directory: nothing survives a stop, nothing is shared.
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'].concat([
      '--dir',
      dir,
      '--daemonize',
      'no',
      '--logfile',
      '',
    ]),
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-4000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let hasExited = false;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      hasExited = true;
      resolve();
    });
    child.once('error', () => resolve());
  });
  // A test run that dies must not leave servers behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!hasExited && Date.now() < deadline) {
    if (await answersPing(port)) return { child, exited, killOnExit };
    await delay(20);
  }
  process.removeListener('exit', killOnExit);
  child.kill('SIGKILL');
  await exited;
  if (/address already in use/i.test(output)) throw new PortInUseError(output);
  throw new Error(`redis-server on port ${port} did not become ready:\n${output}`);
}

async function terminate({ child, exited, killOnExit }: Running): Promise<void> {
  process.removeListener('exit', killOnExit);
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  }
}

/**
 * Starts Debian's `redis-server` on a free loopback port, persistence off, in a temporary
 * directory, and resolves once it answers PING. Throws, saying how to install it, when
 * `redis-server` is missing: fleet tests never skip.
 */
export async function startRedisServer(): Promise<RedisServerProcess> {
  const binary = findRedisServer();
  const dir = await mkdtemp(join(tmpdir(), 'admin-api-redis-'));
  let port = 0;
  let running: Running | undefined;
  // Another process can take the port between our probe and redis-server's bind: try another.
  for (let attempt = 1; !running; attempt++) {
    port = await freePort();
    try {
      running = await launch(binary, port, dir);
    } catch (error) {
      if (!(error instanceof PortInUseError) || attempt === PORT_ATTEMPTS) {
        await rm(dir, { recursive: true, force: true });
        throw error;
      }
    }
  }

  const stop = async () => {
    if (running) await terminate(running);
    running = undefined;
  };
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    stop,
    async restart() {
      await stop();
      // The port was ours a moment ago; if something grabbed it, waiting will not help much.
      for (let attempt = 1; !running; attempt++) {
        try {
          running = await launch(binary, port, dir);
        } catch (error) {
          if (!(error instanceof PortInUseError) || attempt === PORT_ATTEMPTS) throw error;
          await delay(100);
        }
      }
    },
    async close() {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
