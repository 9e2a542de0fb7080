/** How to install a package and run a command with one package manager. */
export interface PackageManagerCommands {
  add: string;
  addDev: string;
  /** Runs the project's `codegen` script. */
  codegen: string;
  /**
   * Runs `admin-api` from the project's `@admin-api/codegen`. npx and bunx are told the package:
   * given only the bin's name, they fetch and run a registry package named `admin-api` where the
   * project has not installed ours.
   */
  exec: string;
}

const PNPM: PackageManagerCommands = {
  add: 'pnpm add',
  addDev: 'pnpm add -D',
  codegen: 'pnpm codegen',
  exec: 'pnpm exec',
};

const BY_NAME: Readonly<Record<string, PackageManagerCommands>> = {
  pnpm: PNPM,
  npm: {
    add: 'npm install',
    addDev: 'npm install -D',
    codegen: 'npm run codegen',
    exec: 'npx -p @admin-api/codegen',
  },
  yarn: { add: 'yarn add', addDev: 'yarn add -D', codegen: 'yarn codegen', exec: 'yarn' },
  bun: {
    add: 'bun add',
    addDev: 'bun add -d',
    codegen: 'bun run codegen',
    exec: 'bunx -p @admin-api/codegen',
  },
};

/**
 * The commands of the package manager that started this process (`npx` is npm, `pnpm exec` is
 * pnpm), read from `npm_config_user_agent` (`npm/10.9.2 node/v20.20.2 …`); pnpm's, as the READMEs
 * write them, when it is unset or unknown.
 */
export function packageManagerCommands(
  userAgent: string | undefined = process.env.npm_config_user_agent,
): PackageManagerCommands {
  const name = /^([a-z]+)\//.exec(userAgent ?? '')?.[1];
  return (name && BY_NAME[name]) || PNPM;
}

/**
 * An `admin-api` command as the user can type it in a terminal, where the bare binary is not on
 * the PATH: `pnpm exec admin-api schema pull`, `npx -p @admin-api/codegen admin-api schema pull`, …
 */
export function adminApiCommand(args: string): string {
  return `${packageManagerCommands().exec} admin-api ${args}`;
}
