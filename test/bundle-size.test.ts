import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { emulatorEnv, useEmulator } from '@admin-api/emulator/testing';
import { type BuildResult, build, type Metafile } from 'esbuild';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { basicExampleModule } from './basic-example-module.js';
import { RUNTIME_SOURCE_ALIASES } from './runtime-sources.js';

/**
 * The bundled, minified `getSdk(client).getMe()` script may be this large at most. The target is
 * 30 KB (issue 29). This is what taking graphql-js out of the runtime reached: 67.3 KB, from
 * 327.6 KB (102–103 KB with graphql's ESM build), about half auth and half client (see
 * bench/RESULTS.md). Lower it as the kit's own code shrinks; raise it only knowingly.
 */
const MAX_BYTES = 68_000;

const emulator = useEmulator({ afterAll, beforeAll, beforeEach }, { rateLimit: false });
const repo = fileURLToPath(new URL('..', import.meta.url));

const ENTRY = `import { createAdminClientFromEnv } from '@admin-api/client';
import { getSdk } from './admin-api.js';

const { me } = await getSdk(createAdminClientFromEnv()).getMe();
console.log(me?.id);
`;

/** Bytes in the bundle by where they come from: a package of ours, graphql, or the rest. */
function bytesByOrigin(metafile: Metafile): Record<string, number> {
  const bytes: Record<string, number> = {};
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const origin =
        /^packages\/([^/]+)\//.exec(input)?.[1] ??
        (/node_modules\/(?:\.pnpm\/)?graphql[@/]/.test(input) ? 'graphql' : 'the rest');
      bytes[origin] = (bytes[origin] ?? 0) + bytesInOutput;
    }
  }
  return bytes;
}

describe('the runtime bundle', () => {
  it(`of a getSdk(client).getMe() script is at most ${MAX_BYTES} bytes bundled and minified, with no graphql-js, and runs`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'admin-api-bundle-'));
    try {
      writeFileSync(join(dir, 'admin-api.ts'), await basicExampleModule());
      writeFileSync(join(dir, 'entry.ts'), ENTRY);
      const outfile = join(dir, 'bundle.mjs');
      // The packages' sources, as `pnpm build` compiles them: no build needed first.
      const result: BuildResult<{ metafile: true }> = await build({
        entryPoints: [join(dir, 'entry.ts')],
        outfile,
        bundle: true,
        minify: true,
        platform: 'node',
        format: 'esm',
        metafile: true,
        absWorkingDir: repo,
        logLevel: 'silent',
        alias: { ...RUNTIME_SOURCE_ALIASES },
      });
      const size = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
      const origins = bytesByOrigin(result.metafile);
      const inputs = Object.keys(result.metafile.inputs);
      expect(
        inputs.filter((input) => /node_modules\/(?:\.pnpm\/)?graphql[@/]/.test(input)),
      ).toEqual([]);
      expect(inputs).toContain('packages/client/src/admin-client.ts');
      expect(size, `bundle of ${size} bytes: ${JSON.stringify(origins)}`).toBeLessThanOrEqual(
        MAX_BYTES,
      );

      // And the bundle works on its own: a typed call against the emulator.
      const { stdout } = await promisify(execFile)(process.execPath, [outfile], {
        cwd: dir,
        env: { PATH: process.env.PATH ?? '', ...emulatorEnv(emulator()) },
      });
      expect(stdout.trim()).not.toBe('');
      expect(emulator().stats.graphqlRequests).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('bundles for a browser or a Worker with no Node module to resolve: every entry of auth and client', async () => {
    // esbuild resolves every import before it shakes the tree, so one `node:` import anywhere
    // in an entry's graph fails the build for these platforms even when nothing calls it.
    const entries = ['@admin-api/auth', '@admin-api/auth/internal', '@admin-api/client'];
    const result = await build({
      stdin: {
        contents: entries.map((entry, i) => `export * as e${i} from '${entry}';`).join('\n'),
        resolveDir: repo,
      },
      bundle: true,
      write: false,
      platform: 'browser',
      format: 'esm',
      metafile: true,
      absWorkingDir: repo,
      logLevel: 'silent',
      alias: { ...RUNTIME_SOURCE_ALIASES },
    });
    expect(Object.keys(result.metafile.inputs)).toContain('packages/client/src/admin-client.ts');
  });
});
