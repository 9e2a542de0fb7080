// Builds the package in the current folder: declarations (and their maps) from tsc, one file per
// entry point of `exports` from esbuild, with the modules two entry points share in one chunk so
// that a class or a registry stays one. Node pays for every ES module it loads (the client and
// auth as 63 files cost a cold start 75–90 ms, as a handful 13 ms); a bundler in a user's build
// treats these files as any other ESM.
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync('package.json', 'utf8'));

/**
 * `./dist/x.js` of every export's `default`, as the source it is built from (`src/x.ts`), and the
 * sources named on the command line (a bin's, which `exports` does not list).
 */
const entryPoints = [
  ...Object.values(manifest.exports)
    .map((target) => (typeof target === 'object' ? target.default : undefined))
    .filter((file) => typeof file === 'string' && /^\.\/dist\/.+\.js$/.test(file))
    .map((file) => file.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts')),
  ...process.argv.slice(2),
];

rmSync('dist', { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--emitDeclarationOnly'], {
  stdio: 'inherit',
});
await build({
  entryPoints,
  outdir: 'dist',
  outbase: 'src',
  bundle: true,
  splitting: true,
  chunkNames: 'shared-[hash]',
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Dependencies stay imports, resolved in the user's project. The package's own tsconfig, not
  // the repo's, whose `paths` would copy the other packages' sources in.
  packages: 'external',
  tsconfig: 'tsconfig.build.json',
  sourcemap: true,
  logLevel: 'warning',
});
