// `pnpm schema:examples`: refreshes the schema caches the examples commit for editors
// (.graphqlrc.yml points at them), with `admin-api schema pull` against the emulator, which
// serves the real Admin API schema. A test fails when they drift from it.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startEmulator } from '@admin-api/emulator';
import { emulatorEnv } from '@admin-api/emulator/testing';

const cli = fileURLToPath(new URL('../packages/codegen/bin/admin-api.js', import.meta.url));
const emulator = await startEmulator();
try {
  for (const example of ['basic', 'fleet']) {
    // Not execFileSync: the emulator runs in this process and must go on answering.
    const { stdout } = await promisify(execFile)(process.execPath, [cli, 'schema', 'pull'], {
      cwd: fileURLToPath(new URL(`../examples/${example}`, import.meta.url)),
      env: { ...process.env, ...emulatorEnv(emulator) },
    });
    process.stdout.write(`examples/${example}: ${stdout}`);
  }
} finally {
  await emulator.close();
}
