import { type ChildProcess, spawn } from 'node:child_process';
import type { Readable } from 'node:stream';

/** Runs a command with `input` on stdin; resolves with stdout, rejects with stderr on failure. */
export function runWithInput(
  command: string,
  args: readonly string[],
  options: { input: string; cwd: string; env: Record<string, string | undefined> },
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve(stdout);
      else reject(new Error(`${command} ${args.join(' ')} exited ${code ?? signal}:\n${stderr}`));
    });
    child.stdin.end(options.input);
  });
}

/** A `workerd serve` process and the port its socket listens on. */
export interface ServingWorkerd {
  readonly child: ChildProcess;
  readonly port: number;
}

/**
 * Starts `workerd serve config --control-fd=3` and waits for its `listen` event, which names
 * the port the kernel gave the `127.0.0.1:0` socket. Rejects with stderr if it exits first.
 */
export function serveWorkerd(
  binary: string,
  config: string,
  options: { cwd: string; env: Record<string, string | undefined> },
): Promise<ServingWorkerd> {
  const child = spawn(binary, ['serve', config, '--control-fd=3'], {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let stderr = '';
    let control = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    (child.stdio[3] as Readable).setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (control + chunk).split('\n');
      control = lines.pop() ?? '';
      for (const line of lines) {
        const event = JSON.parse(line) as { event?: string; port?: number };
        if (event.event === 'listen' && typeof event.port === 'number') {
          resolve({ child, port: event.port });
        }
      }
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      reject(new Error(`workerd exited ${code ?? signal} before listening:\n${stderr}`));
    });
  });
}
