/** The options each command takes, by long name; `help` and `version` go with every command. */
export const COMMAND_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  codegen: ['config', 'watch', 'timings'],
  init: ['force', 'esm'],
  'schema pull': ['config', 'cache'],
  'schema check': ['config', 'cache', 'documents'],
};

const quoted = (names: readonly string[]) => names.map((name) => `"${name}"`).join(' and ');

/**
 * The usage error for the first option in `given` (long names, in the order typed) that `command`
 * does not take, saying which commands take it: an option meant for another command would
 * otherwise be ignored. `undefined` when every option belongs, or the command is unknown.
 */
export function misplacedOption(command: string, given: readonly string[]): string | undefined {
  const own = COMMAND_OPTIONS[command];
  if (!own) return undefined;
  const misplaced = given.find(
    (name) => name !== 'help' && name !== 'version' && !own.includes(name),
  );
  if (misplaced === undefined) return undefined;
  const takers = Object.keys(COMMAND_OPTIONS).filter((other) =>
    COMMAND_OPTIONS[other]?.includes(misplaced),
  );
  return `"${command}" does not take --${misplaced}: it is an option of ${quoted(takers)}.`;
}
