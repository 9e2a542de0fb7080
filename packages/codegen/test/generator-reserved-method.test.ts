import { buildSchema, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import {
  collectDefinitions,
  createIncrementalGenerator,
  generateModule,
  inspectDefinitions,
  type SourceDocuments,
} from '../src/generator/index.js';
import { thrown } from './codegen-harness.js';
import { TINY_SDL } from './tiny-schema.js';

const tinySchema = () => buildSchema(TINY_SDL);

function source(location: string, text: string): SourceDocuments {
  return { location, documents: [parse(text)] };
}

describe('an operation whose SDK method would be then', () => {
  it.each(['Then', 'THEN', '_then', 'then_'])(
    '"%s" throws RESERVED_METHOD_NAME at its file and line: getSdk() must never return a thenable',
    (name) => {
      const error = thrown(() =>
        generateModule(tinySchema(), [
          source('src/me.graphql', `query Me { me { id } }\n\nquery ${name} { me { name } }\n`),
        ]),
      );
      expect(error.code).toBe('RESERVED_METHOD_NAME');
      expect(error.message).toContain(
        `src/me.graphql:3:1: query "${name}" maps to the SDK method "then()"`,
      );
    },
  );

  it("is refused by the check of the graphql-codegen plugin and by the watcher's generator too", () => {
    const sources = [source('src/then.graphql', 'mutation Then { me { id } }')];
    expect(thrown(() => collectDefinitions(sources)).code).toBe('RESERVED_METHOD_NAME');
    const generator = createIncrementalGenerator(tinySchema());
    expect(thrown(() => generator.print(inspectDefinitions(sources))).code).toBe(
      'RESERVED_METHOD_NAME',
    );
  });

  it('is alone in that: names that merely start with then, or other members of Object.prototype, are methods as usual', () => {
    const module = generateModule(tinySchema(), [
      source('src/ok.graphql', 'query ThenItems { me { id } } query ToString { me { id } }'),
    ]);
    expect(module).toContain('    thenItems: call(ThenItemsDocument),\n');
    expect(module).toContain('    toString: call(ToStringDocument),\n');
  });
});
