import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The CLI as a user runs it: its bin script, over the built package (`pnpm build` first, as `pnpm test` does). */
export const BIN = fileURLToPath(new URL('../bin/admin-api-emulator.js', import.meta.url));

/** A running `admin-api-emulator`, read through what it prints. */
export interface RunningCli {
  /** Everything it printed so far, stdout and stderr. */
  output(): string;
  /** The value of a `NAME=value` line it printed, e.g. `ADMIN_API_BASE_URL`; `''` when none. */
  variable(name: string): string;
  /** Resolves once `done` holds for what it printed, checked after each chunk. */
  until(done: (output: string) => boolean): Promise<void>;
  /** Resolves once it printed a line matching `pattern`. */
  printed(pattern: RegExp): Promise<void>;
  /** A fresh `client_credentials` token from its token host, with the credentials it printed. */
  accessToken(): Promise<string>;
}

/**
 * Starts the bin with `args` after `ports` (ephemeral ones), and resolves once it says it is
 * running; the child joins `children`, which the test kills afterwards.
 */
export function startCli(
  children: ChildProcess[],
  ports: readonly string[],
  args: readonly string[],
): Promise<RunningCli> {
  const child = spawn(process.execPath, [BIN, ...ports, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  const waiting = new Set<() => void>();
  const cli: RunningCli = {
    output: () => out,
    variable: (name) => new RegExp(`^${name}=(.+)$`, 'm').exec(out)?.[1] ?? '',
    until: (done) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (!done(out)) return;
          waiting.delete(check);
          resolve();
        };
        waiting.add(check);
        check();
      }),
    printed: (pattern) => cli.until(() => out.split('\n').some((line) => pattern.test(line))),
    async accessToken() {
      const response = await fetch(`${cli.variable('ADMIN_API_AUTH_URL')}/api/admin/oauth/token`, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: cli.variable('ADMIN_API_CLIENT_ID'),
          client_secret: cli.variable('ADMIN_API_CLIENT_SECRET'),
        }),
      });
      return ((await response.json()) as { access_token: string }).access_token;
    },
  };
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bin exited with ${code}: ${out}`)));
    const read = (chunk: Buffer | string) => {
      out += chunk;
      for (const wake of [...waiting]) wake();
      if (out.includes('Press Ctrl+C')) resolve(cli);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
  });
}

/**
 * Runs the bin with `args` after `ports` (ephemeral ones) until it exits, as a refusal does at
 * once; the child joins `children`, which the test kills afterwards.
 */
export function exitOf(
  children: ChildProcess[],
  ports: readonly string[],
  args: readonly string[],
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [BIN, ...ports, ...args], (error, _out, err) =>
      resolve({ code: error ? (error.code as number) : 0, stderr: err }),
    );
    children.push(child);
  });
}
