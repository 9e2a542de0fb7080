import { buildSchema, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { MAX_COMMENT_LENGTH, MAX_COMMENT_LINES } from '../src/core/source-location.js';
import { generateModule } from '../src/generator/index.js';

const schema = buildSchema('type Query { me: String }');

/** The TSDoc of the SDK method `me`, from a document that is `text`. */
function methodDoc(text: string): string {
  const module = generateModule(schema, [{ location: 'src/me.graphql', documents: [parse(text)] }]);
  const start = module.indexOf('  return {\n') + '  return {\n'.length;
  return module.slice(start, module.indexOf('    me: call(MeDocument)', start));
}

describe("an operation's leading comment", () => {
  it(`becomes the SDK method's TSDoc, cut after ${MAX_COMMENT_LINES} lines with an ellipsis: 50,000 lines of comment do not make the module larger`, () => {
    const comment = Array.from({ length: 50_000 }, (_, i) => `# line ${i + 1} of the comment`);
    const doc = methodDoc(`# unrelated\n\n${comment.join('\n')}\nquery Me { me }`);
    const lines = doc.split('\n');
    expect(lines[0]).toBe('    /**');
    expect(lines[1]).toBe('     * line 1 of the comment');
    expect(lines[MAX_COMMENT_LINES]).toBe(`     * line ${MAX_COMMENT_LINES} of the comment …`);
    expect(lines.length).toBe(MAX_COMMENT_LINES + 3);
  });

  it(`is cut after ${MAX_COMMENT_LENGTH} characters, whole code points, with an ellipsis`, () => {
    const doc = methodDoc(
      `# ${'x'.repeat(MAX_COMMENT_LENGTH - 1)}😀${'y'.repeat(5_000_000)}\nquery Me { me }`,
    );
    expect(doc).toBe(`    /** ${'x'.repeat(MAX_COMMENT_LENGTH - 1)} … */\n`);
  });

  it('cannot end the TSDoc and turn into code, however it is cut', () => {
    const text = '# ends */ export const injected = 1; /*\n# and *\\/ again */\nquery Me { me }';
    const doc = methodDoc(text);
    expect(doc).toBe(
      '    /**\n     * ends *\\/ export const injected = 1; /*\n     * and *\\/ again *\\/\n     */\n',
    );
    const cut = methodDoc(
      `# ${'x'.repeat(MAX_COMMENT_LENGTH - 2)}*/ export const injected = 1;\nquery Me { me }`,
    );
    expect(cut.replace(/\/\*[\s\S]*?\*\//g, '').trim()).toBe('');
  });

  it('is read across every GraphQL line ending, and stops at a blank line', () => {
    expect(methodDoc('# far\n\n# one\r\n# two\r# three\nquery Me { me }')).toBe(
      '    /**\n     * one\n     * two\n     * three\n     */\n',
    );
  });
});
