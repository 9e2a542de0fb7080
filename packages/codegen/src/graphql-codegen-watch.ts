import { realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { CodegenError } from './errors.js';
import { adminApiCommand, packageManagerCommands } from './package-manager.js';

/** Is the running program graphql-codegen's CLI, asked to watch? */
function graphqlCodegenWatching(argv: readonly string[]): string | undefined {
  const main = argv[1];
  if (!main) return undefined;
  let path: string;
  try {
    path = realpathSync(main);
  } catch {
    return undefined;
  }
  if (!/[\\/]@graphql-codegen[\\/]cli[\\/]/.test(path) && !/graphql-codegen(\.js)?$/.test(path)) {
    return undefined;
  }
  const watching = argv
    .slice(2)
    .some(
      (arg) =>
        arg === '-w' ||
        arg === '--watch' ||
        (arg.startsWith('--watch=') && arg !== '--watch=false') ||
        /^-[a-z]*w[a-z]*$/.test(arg),
    );
  return watching ? path : undefined;
}

/**
 * graphql-codegen's `--watch` imports `@parcel/watcher` from its own installation and, when that
 * fails, prints "Failed to import @parcel/watcher" and exits 0, which reads as success in CI and
 * scripts. Called by `toGraphQLCodegenConfig`, while graphql-codegen loads `codegen.ts` (its first
 * run happens before the watcher is loaded, and a failure there does not stop it), this stops it
 * first, non-zero, with the install command. `admin-api codegen --watch` needs no watcher package.
 */
export function assertGraphqlCodegenCanWatch(argv: readonly string[] = process.argv): void {
  const cli = graphqlCodegenWatching(argv);
  if (!cli) return;
  try {
    // Loaded, not just resolved: a native build that cannot load fails graphql-codegen the same way.
    createRequire(cli)('@parcel/watcher');
  } catch {
    throw new CodegenError(
      'MISSING_DEPENDENCY',
      `graphql-codegen --watch needs @parcel/watcher, which is not installed: run \`${packageManagerCommands().addDev} @parcel/watcher\`, ` +
        `or use \`${adminApiCommand('codegen --watch')}\`, which needs no extra package.`,
    );
  }
}
