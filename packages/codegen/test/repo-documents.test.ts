import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminApiSchemaSdl } from '@admin-api/emulator';
import {
  buildSchema,
  type DefinitionNode,
  isExecutableDefinitionNode,
  Kind,
  NoUnusedFragmentsRule,
  parse,
  specifiedRules,
  validate,
} from 'graphql';
import { describe, expect, it } from 'vitest';

// Every GraphQL document the repo shows a user must exist in the real Admin API: the `.graphql`
// files (examples, fixtures) and the documents in its Markdown files.
const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'generated', '.git', '.work', '.packs']);
const schema = buildSchema(adminApiSchemaSdl());
// Documents may use fragments defined beside them (another file of the folder, another block of
// the README), which the one being checked then does not use.
const RULES = specifiedRules.filter((rule) => rule !== NoUnusedFragmentsRule);

function filesEndingWith(suffix: string, dir = REPO): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory())
        return SKIPPED_FOLDERS.has(entry.name) ? [] : filesEndingWith(suffix, path);
      return entry.name.endsWith(suffix) ? [relative(REPO, path)] : [];
    })
    .sort();
}

interface Shown {
  /** Where it is: a path, with the line for a Markdown block. */
  where: string;
  /** The group whose fragments it may use: its folder, or its Markdown file. */
  group: string;
  source: string;
}

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** ```graphql blocks, and GraphQL strings given to `.request(…)`, `gql` or a `query:` body in ```ts blocks. */
function markdownDocuments(file: string): Shown[] {
  const text = readFileSync(join(REPO, file), 'utf8');
  const found: Shown[] = [];
  for (const block of text.matchAll(/```(graphql|ts)\n([\s\S]*?)```/g)) {
    const [, language, body = ''] = block;
    const start = block.index + block[0].indexOf('\n') + 1;
    const strings =
      language === 'graphql'
        ? [{ source: body, at: 0 }]
        : [
            ...body.matchAll(
              /(?:\.request(?:<[^>]*>)?\(\s*|\bquery:\s*|\bgql\s*(?=`))(['"`])([\s\S]*?)\1/g,
            ),
          ].map((match) => ({ source: match[2] ?? '', at: match.index }));
    for (const { source, at } of strings) {
      found.push({ where: `${file}:${lineOf(text, start + at)}`, group: file, source });
    }
  }
  return found;
}

const isSchemaDefinition = (definition: DefinitionNode) => !isExecutableDefinitionNode(definition);
const graphqlFiles = filesEndingWith('.graphql').map((file) => ({
  file,
  definitions: parse(readFileSync(join(REPO, file), 'utf8')).definitions,
}));
const schemaFiles = graphqlFiles.filter((f) => f.definitions.some(isSchemaDefinition));
const documentFiles: Shown[] = graphqlFiles
  .filter((f) => !schemaFiles.includes(f))
  .map(({ file }) => ({
    where: file,
    group: file.slice(0, file.lastIndexOf('/')),
    source: readFileSync(join(REPO, file), 'utf8'),
  }));
const markdown = filesEndingWith('.md').flatMap(markdownDocuments);

/** Validates a document together with the fragments of the others in its group. */
function problems(shown: Shown, all: readonly Shown[]): string[] {
  const own = parse(shown.source).definitions;
  const defined = new Set(
    own.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [d.name.value] : [])),
  );
  const beside = all
    .filter((other) => other !== shown && other.group === shown.group)
    .flatMap((other) => parse(other.source).definitions)
    .filter((d) => d.kind === Kind.FRAGMENT_DEFINITION && !defined.has(d.name.value));
  return validate(schema, { kind: Kind.DOCUMENT, definitions: [...own, ...beside] }, RULES).map(
    (error) => `${shown.where}: ${error.message}`,
  );
}

describe('GraphQL documents shown in the repo', () => {
  it('are found: the example’s .graphql files and the READMEs’ documents; the only schema files are the imported one and the examples’ caches of it', () => {
    expect(schemaFiles.map((f) => f.file).sort()).toEqual([
      'examples/basic/admin-api.schema.graphql',
      'examples/fleet/admin-api.schema.graphql',
      'packages/emulator/schema/admin-api.graphql',
    ]);
    expect(documentFiles.map((d) => d.where)).toEqual(
      expect.arrayContaining([
        'examples/basic/src/graphql/me.graphql',
        'examples/basic/src/graphql/orders.graphql',
      ]),
    );
    const readmes = new Set(markdown.map((d) => d.group));
    expect([...readmes]).toEqual(
      expect.arrayContaining([
        'packages/auth/README.md',
        'packages/client/README.md',
        'packages/codegen/README.md',
        'packages/emulator/README.md',
      ]),
    );
  });

  it.each(documentFiles.map((d) => [d.where, d]))(
    '%s validates against the Admin API schema',
    (_, shown) => {
      expect(problems(shown, documentFiles)).toEqual([]);
    },
  );

  it.each(markdown.map((d) => [d.where, d]))(
    'the document at %s validates against the Admin API schema',
    (_, shown) => {
      expect(problems(shown, markdown)).toEqual([]);
    },
  );
});
