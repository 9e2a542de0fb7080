import { print } from 'graphql';
import type { HiddenDefault } from './hidden-defaults.js';

/** Where the SDL came from, for its header. */
export interface SdlSource {
  readonly packageName: string;
  readonly version: string;
  /** Path inside the package. */
  readonly file: string;
}

/**
 * The `#` comment header of the imported SDL: its source, that it is generated, and what the
 * typings could not tell (with the placeholders that stand in for hidden defaults).
 */
export function sdlHeader(source: SdlSource, hiddenDefaults: readonly HiddenDefault[]): string {
  const defaults = hiddenDefaults.map(
    ({ coordinate, type, placeholder }) => `#   ${coordinate}: ${type} = ${print(placeholder)}`,
  );
  return [
    `# Admin API schema, imported from ${source.packageName}@${source.version}`,
    `# (${source.file}: graphql-codegen typescript plugin 2.x output).`,
    '#',
    '# Generated: do not edit. Rerun `pnpm --filter @admin-api/emulator schema:import`.',
    '#',
    '# What the typings do not say, and how this file stands in for it:',
    '# - A non-null input field or argument with a server-side default is typed `field?: T`: that',
    '#   a default exists, not its value. Here it is `T! = <placeholder>` (the plugin prints that',
    '#   as `field?: T` too), with false, 0, "", [] or the first enum value as the placeholder,',
    '#   or what the emulator does where it does otherwise. Introspection shows them as defaults;',
    '#   they are what the emulator does with the value left out, NOT known server defaults:',
    ...defaults,
    '# - Defaults of nullable input fields and arguments look like no default at all; none here.',
    "# - The server's order of types, fields and values: the typings are sorted, as is this file.",
    '# - Directives other than @deprecated.',
    '',
  ].join('\n');
}
