import { spawnSync } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('../../../scripts/ensure-redis-server.mjs', import.meta.url));
const NOBODY = 65534;

/*
 * The script that `pnpm test` runs first, run here against a PATH of our own: a fake `apt-get`
 * records its arguments and "installs" redis-server by creating it, so nothing is installed for
 * real and the machine's own redis-server stays out of sight.
 */
describe('ensure-redis-server', () => {
  let bin: string;
  const log = () => join(bin, 'apt-get.log');

  async function fakeAptGet({ failUpdate = false } = {}) {
    const script = `#!/bin/sh
echo "$*" >> "${log()}"
${failUpdate ? 'if [ "$1" = update ]; then exit 100; fi' : ''}
if [ "$1" = install ]; then printf '#!/bin/sh\\n' > "${bin}/redis-server"; /bin/chmod 755 "${bin}/redis-server"; fi
`;
    await writeFile(join(bin, 'apt-get'), script, { mode: 0o755 });
  }

  function ensure(asUser?: number) {
    const result = spawnSync(process.execPath, [SCRIPT], {
      env: { PATH: bin },
      encoding: 'utf8',
      ...(asUser === undefined ? {} : { uid: asUser, gid: asUser }),
    });
    return { status: result.status, output: `${result.stdout}${result.stderr}` };
  }

  const aptCalls = async () =>
    (await readFile(log(), 'utf8').catch(() => '')).split('\n').filter(Boolean);

  beforeEach(async () => {
    bin = await mkdtemp(join(tmpdir(), 'ensure-redis-'));
    await chmod(bin, 0o755);
  });
  afterEach(async () => {
    await rm(bin, { recursive: true, force: true });
  });

  it('does nothing when redis-server is on PATH', async () => {
    await fakeAptGet();
    await writeFile(join(bin, 'redis-server'), '#!/bin/sh\n', { mode: 0o755 });
    expect(ensure().status).toBe(0);
    expect(await aptCalls()).toEqual([]);
  });

  it.runIf(process.getuid?.() === 0)(
    'as root, runs apt-get update once and installs redis-server',
    async () => {
      await fakeAptGet();
      expect(ensure().status).toBe(0);
      expect(await aptCalls()).toEqual(['update', 'install -y redis-server']);
    },
  );

  it('as another user, prints the install command and fails without running apt-get', async () => {
    await fakeAptGet();
    const { status, output } = ensure(process.getuid?.() === 0 ? NOBODY : undefined);
    expect(status).toBe(1);
    expect(output).toContain('apt-get update && apt-get install -y redis-server');
    expect(await aptCalls()).toEqual([]);
  });

  it.runIf(process.getuid?.() === 0)('fails, saying so, when apt-get fails', async () => {
    await fakeAptGet({ failUpdate: true });
    const { status, output } = ensure();
    expect(status).toBe(1);
    expect(output).toContain('"apt-get update" failed');
    expect(await aptCalls()).toEqual(['update']);
  });
});
