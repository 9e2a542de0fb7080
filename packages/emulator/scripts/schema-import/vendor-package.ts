import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

// Resolves from this package, so the pinned devDependency is the one read.
const require = createRequire(import.meta.url);

/** The npm package the Admin API schema is imported from, and the files of it that matter. */
export const vendor = {
  name: '@ikas/api-client',
  /** graphql-codegen `typescript` plugin output for the whole Admin API, compiled to `.d.ts`. */
  typings: 'dist/api/admin/generated/index.d.ts',
  /** CommonJS: `QueryDefaultGQLs` and `MutationDefaultGQLs`, an operation per root field. */
  defaultGqls: 'dist/api/admin/generated/default-gqls.js',
} as const;

/** Absolute path of a file of the vendor package, e.g. `vendorPath(vendor.typings)`. */
export function vendorPath(file: string): string {
  return require.resolve(`${vendor.name}/${file}`);
}

/** Installed version of the vendor package, from its package.json. */
export function vendorVersion(): string {
  const { version } = JSON.parse(readFileSync(vendorPath('package.json'), 'utf8')) as {
    version: string;
  };
  return version;
}
