import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const exec = promisify(execFile);
const repo = fileURLToPath(new URL('..', import.meta.url));

/**
 * The Node majors after the one the repo runs on, each at its latest: the runtime packages' own
 * tests run on them here, beside the whole suite on the repo's Node. (Their floor, 20.12, gets
 * the consumer smoke test in `consumer-package-managers.test.ts`: vitest's bundler needs a newer
 * Node 20 than that.)
 */
const MAJORS = ['24', '26'] as const;
/** What an app runs in production whose tests need no server but the in-process emulator. */
const PROJECTS = ['auth', 'client'] as const;

let dir: string;
const nodes = new Map<string, Promise<string>>();

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'admin-api-node-majors-'));
  // One after another, so the first arrives soon; `node@X` carries Node X's binary.
  let previous: Promise<unknown> = Promise.resolve();
  for (const major of MAJORS) {
    const target = join(dir, `node-${major}`);
    const binary = previous.then(async () => {
      await exec(
        'npm',
        ['install', '--prefix', target, '--no-audit', '--no-fund', `node@${major}`],
        {
          cwd: dir,
        },
      );
      return join(target, 'node_modules/node/bin/node');
    });
    nodes.set(major, binary);
    previous = binary.catch(() => undefined);
  }
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The environment of a fresh shell: nothing of this vitest run leaks into the nested one. */
function cleanEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^(VITEST|NODE_OPTIONS$|NODE_ENV$|TEST$|npm_)/.test(key)) env[key] = value;
  }
  return env;
}

describe('the runtime packages’ own tests', () => {
  for (const major of MAJORS) {
    it(`pass on Node ${major}: ${PROJECTS.join(' and ')}, against their sources`, async () => {
      const node = await (nodes.get(major) as Promise<string>);
      const { stdout: version } = await exec(node, ['--version']);
      expect(version.trim()).toMatch(new RegExp(`^v${major}\\.`));
      const result: { stdout?: string; stderr?: string; code?: number | string | null } =
        await exec(
          node,
          [
            join(repo, 'node_modules/vitest/vitest.mjs'),
            'run',
            ...PROJECTS.flatMap((name) => ['--project', name]),
          ],
          // Ends before this test's own timeout, so no run is left behind when it fails.
          { cwd: repo, env: cleanEnv(), maxBuffer: 64 * 2 ** 20, timeout: 540_000 },
        ).catch(
          (error: { stdout?: string; stderr?: string; code?: number | string | null }) => error,
        );
      const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
      const summary = /Tests: (\d+) passed, (\d+) failed, (\d+) skipped/.exec(output);
      expect(summary, output.slice(-4000)).not.toBeNull();
      const [, passed, failed, skipped] = (summary ?? []).map(Number);
      // The exit code too: vitest fails a run on an error no test caught, which no count shows.
      expect({ code: result.code ?? 0, failed, skipped }, output.slice(-4000)).toEqual({
        code: 0,
        failed: 0,
        skipped: 0,
      });
      // Every test of both projects ran: hundreds, not a filtered handful.
      expect(passed).toBeGreaterThan(400);
    }, 600_000);
  }
});
