/** How to install a package and run the `codegen` script with one package manager. */
export interface PackageManagerCommands {
  add: string;
  addDev: string;
  codegen: string;
}

const PNPM: PackageManagerCommands = {
  add: 'pnpm add',
  addDev: 'pnpm add -D',
  codegen: 'pnpm codegen',
};

const BY_NAME: Readonly<Record<string, PackageManagerCommands>> = {
  pnpm: PNPM,
  npm: { add: 'npm install', addDev: 'npm install -D', codegen: 'npm run codegen' },
  yarn: { add: 'yarn add', addDev: 'yarn add -D', codegen: 'yarn codegen' },
  bun: { add: 'bun add', addDev: 'bun add -d', codegen: 'bun run codegen' },
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
