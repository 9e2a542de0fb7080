import { spawnSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('../../../scripts/ensure-test-servers.mjs', import.meta.url));
const NOBODY = 65534;
const ALL = 'redis-server postgresql chromium';

/*
 * The script that `pnpm test` runs first, run here against a PATH and a PostgreSQL directory of
 * our own: a fake `apt-get` records its arguments and "installs" each package by creating its
 * binaries, so nothing is installed for real and the machine's own servers stay out of sight.
 */
describe('ensure-test-servers', () => {
  let bin: string;
  const postgresqlDir = () => join(bin, 'postgresql');
  const log = () => join(bin, 'apt-get.log');

  async function fakeAptGet({ failUpdate = false } = {}) {
    const script = `#!/bin/sh
echo "$*" >> "${log()}"
${failUpdate ? 'if [ "$1" = update ]; then exit 100; fi' : ''}
if [ "$1" = install ]; then
  for package in "$@"; do
    case "$package" in
      redis-server|chromium) printf '#!/bin/sh\\n' > "${bin}/$package"; /bin/chmod 755 "${bin}/$package" ;;
      postgresql) /bin/mkdir -p "${postgresqlDir()}/15/bin"; for b in initdb postgres; do printf '#!/bin/sh\\n' > "${postgresqlDir()}/15/bin/$b"; /bin/chmod 755 "${postgresqlDir()}/15/bin/$b"; done ;;
    esac
  done
fi
`;
    await writeFile(join(bin, 'apt-get'), script, { mode: 0o755 });
  }

  async function installed(...commands: string[]) {
    for (const command of commands) {
      if (command === 'postgresql') {
        await mkdir(join(postgresqlDir(), '16', 'bin'), { recursive: true });
        for (const binary of ['initdb', 'postgres']) {
          await writeFile(join(postgresqlDir(), '16', 'bin', binary), '#!/bin/sh\n', {
            mode: 0o755,
          });
        }
      } else {
        await writeFile(join(bin, command), '#!/bin/sh\n', { mode: 0o755 });
      }
    }
  }

  function ensure(asUser?: number) {
    const result = spawnSync(process.execPath, [SCRIPT], {
      env: { PATH: bin, ADMIN_API_POSTGRESQL_DIR: postgresqlDir() },
      encoding: 'utf8',
      ...(asUser === undefined ? {} : { uid: asUser, gid: asUser }),
    });
    return { status: result.status, output: `${result.stdout}${result.stderr}` };
  }

  const aptCalls = async () =>
    (await readFile(log(), 'utf8').catch(() => '')).split('\n').filter(Boolean);

  beforeEach(async () => {
    bin = await mkdtemp(join(tmpdir(), 'ensure-servers-'));
    await chmod(bin, 0o755);
  });
  afterEach(async () => {
    await rm(bin, { recursive: true, force: true });
  });

  it('does nothing when redis-server, PostgreSQL and chromium are installed', async () => {
    await fakeAptGet();
    await installed('redis-server', 'postgresql', 'chromium');
    expect(ensure().status).toBe(0);
    expect(await aptCalls()).toEqual([]);
  });

  it('finds PostgreSQL’s server on PATH as well', async () => {
    await fakeAptGet();
    await installed('redis-server', 'initdb', 'postgres', 'chromium');
    expect(ensure().status).toBe(0);
    expect(await aptCalls()).toEqual([]);
  });

  it.runIf(process.getuid?.() === 0)(
    'as root, runs apt-get update once and installs everything missing in one apt-get install',
    async () => {
      await fakeAptGet();
      expect(ensure().status).toBe(0);
      expect(await aptCalls()).toEqual(['update', `install -y ${ALL}`]);
      // Now all there: a second run installs nothing.
      expect(ensure().status).toBe(0);
      expect(await aptCalls()).toHaveLength(2);
    },
  );

  it.runIf(process.getuid?.() === 0)('as root, installs only what is missing', async () => {
    await fakeAptGet();
    await installed('redis-server', 'postgresql');
    expect(ensure().status).toBe(0);
    expect(await aptCalls()).toEqual(['update', 'install -y chromium']);
  });

  it('as another user, prints the install command and fails without running apt-get', async () => {
    await fakeAptGet();
    const { status, output } = ensure(process.getuid?.() === 0 ? NOBODY : undefined);
    expect(status).toBe(1);
    expect(output).toContain(`apt-get update && apt-get install -y ${ALL}`);
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
