import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

/**
 * Bun's binary from its platform package. The `bun` package's own `bin/bun.exe` is a stub until
 * its postinstall copies that binary over it, and pnpm runs no install script it was not told
 * to trust (pnpm-workspace.yaml's `onlyBuiltDependencies`), so the stub stays a stub here.
 */
export function bunBinary(): string {
  const arch = process.arch === 'arm64' ? 'aarch64' : process.arch;
  const fromBun = createRequire(require.resolve('bun/package.json'));
  const exe = process.platform === 'win32' ? 'bun.exe' : 'bun';
  return fromBun.resolve(`@oven/bun-${process.platform}-${arch}/bin/${exe}`);
}

/** Deno's launcher (`deno` on npm runs its platform package's binary, no install script needed). */
export const denoBinary = fileURLToPath(new URL('../../node_modules/.bin/deno', import.meta.url));

/**
 * workerd's binary and the newest compatibility date it supports. The package's `bin` is a Node
 * wrapper that passes on only stdin, stdout and stderr; `serve --control-fd` needs the binary.
 */
export function workerd(): { binary: string; compatibilityDate: string } {
  const { default: binary, compatibilityDate } = require('workerd') as {
    default: string;
    compatibilityDate: string;
  };
  return { binary, compatibilityDate };
}
