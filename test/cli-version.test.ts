import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const packageFile = (name: string, path: string) =>
  fileURLToPath(new URL(`../packages/${name}/${path}`, import.meta.url));
const versionOf = (name: string) =>
  (JSON.parse(readFileSync(packageFile(name, 'package.json'), 'utf8')) as { version: string })
    .version;

// The built bins, as a user runs them (the test command builds first).
describe.each([
  { name: 'codegen', bin: 'dist/cli/bin.js', args: [] as string[] },
  { name: 'codegen', bin: 'dist/cli/bin.js', args: ['codegen'] },
  { name: 'emulator', bin: 'dist/bin.js', args: [] as string[] },
])('$name CLI $args', ({ name, bin, args }) => {
  it.each(['--version', '-v'])('%s prints the package version alone and exits 0', async (flag) => {
    const { stdout, stderr } = await run(process.execPath, [packageFile(name, bin), ...args, flag]);
    expect(stdout).toBe(`${versionOf(name)}\n`);
    expect(stderr).toBe('');
  });
});
