import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const PACKAGES = ['app', 'auth', 'client', 'codegen', 'emulator', 'postgres', 'redis'];
const packagesDir = fileURLToPath(new URL('../packages/', import.meta.url));

/** Every source a package's built JavaScript was made from, relative to the package's folder. */
function builtFrom(name: string): string[] {
  const dist = join(packagesDir, name, 'dist');
  return readdirSync(dist, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js.map'))
    .flatMap((file) => {
      const map = JSON.parse(readFileSync(join(dist, file), 'utf8')) as { sources: string[] };
      const folder = resolve(dist, file, '..');
      return map.sources.map((source) =>
        relative(join(packagesDir, name), resolve(folder, source)),
      );
    });
}

describe('the built packages (run `pnpm build` first)', () => {
  it.each(PACKAGES)(
    '%s is built from its own sources only: the other packages stay imports, so their classes and state stay one',
    (name) => {
      const sources = builtFrom(name);
      expect(sources.length).toBeGreaterThan(0);
      expect(sources.filter((source) => !source.startsWith('src/'))).toEqual([]);
    },
  );
});
