import { type ChildProcess, execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The CLI as a user runs it: its bin script, over the built package (`pnpm build` first, as `pnpm test` does). */
export const BIN = fileURLToPath(new URL('../bin/admin-api-emulator.js', import.meta.url));

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
