import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const exec = promisify(execFile);
const PACKAGES = ['app', 'auth', 'client', 'codegen', 'emulator', 'postgres', 'redis'];

/** Every JavaScript entry point a package exports, by the specifier a user writes. */
function entryPoints(folder: string): string[] {
  const pkg = JSON.parse(
    readFileSync(new URL(`../packages/${folder}/package.json`, import.meta.url), 'utf8'),
  ) as { name: string; exports: Record<string, unknown> };
  return Object.entries(pkg.exports)
    .filter(([, target]) => typeof target === 'object')
    .map(([subpath]) => `${pkg.name}${subpath.slice(1)}`);
}

/** What `require()` and `import()` give for `specifier`, from a CommonJS script in the package. */
async function exportsBoth(folder: string, specifier: string) {
  const script = `
    const viaRequire = Object.keys(require(${JSON.stringify(specifier)})).sort();
    import(${JSON.stringify(specifier)}).then((m) => {
      console.log(JSON.stringify({ viaRequire, viaImport: Object.keys(m).filter((k) => k !== 'default' && k !== 'module.exports').sort() }));
    });`;
  const { stdout } = await exec(process.execPath, ['--no-warnings', '-e', script], {
    cwd: fileURLToPath(new URL(`../packages/${folder}/`, import.meta.url)),
  });
  return JSON.parse(stdout) as { viaRequire: string[]; viaImport: string[] };
}

describe('the ESM-only packages can be require()d on Node >= 20.19 (no top-level await in any entry point)', () => {
  it('runs on a Node that can require() ES modules', () => {
    expect(process.features).toHaveProperty('require_module', true);
  });

  for (const folder of PACKAGES) {
    for (const specifier of entryPoints(folder)) {
      it(`require('${specifier}') gives every export import() gives`, async () => {
        const { viaRequire, viaImport } = await exportsBoth(folder, specifier);
        expect(viaImport.length).toBeGreaterThan(0);
        expect(viaRequire).toEqual(expect.arrayContaining(viaImport));
      });
    }
  }
});
