import { mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HEADER } from '../src/generator/module-parts.js';
import { CodegenError } from '../src/index.js';
import { writeOutput } from '../src/runner/write-output.js';
import { thrown, useProject } from './codegen-harness.js';

const project = useProject();
/** The generator's header: what marks a file as a module codegen wrote. */
const MODULE = `${HEADER}\n`;
/** An empty temporary folder, removed after the test. */
const folder = () => project({});

describe('writing the module', () => {
  it('creates the folder, writes the bytes and leaves no temporary file', () => {
    const dir = folder();
    const module = join(dir, 'src/generated/admin-api.ts');
    expect(writeOutput(module, 'export {};\n')).toBe('written');
    expect(readFileSync(module, 'utf8')).toBe('export {};\n');
    expect(readdirSync(join(dir, 'src/generated'))).toEqual(['admin-api.ts']);
  });

  it('does not touch a module whose bytes are already the same', () => {
    const dir = folder();
    const module = join(dir, 'admin-api.ts');
    writeFileSync(module, `${MODULE}export {};\n`);
    const past = new Date('2020-01-01T00:00:00Z');
    utimesSync(module, past, past);
    expect(writeOutput(module, `${MODULE}export {};\n`)).toBe('unchanged');
    expect(statSync(module).mtime).toEqual(past);
    expect(writeOutput(module, `${MODULE}export const a = 1;\n`)).toBe('written');
    expect(statSync(module).mtime).not.toEqual(past);
  });

  it('fails with WRITE_FAILED, leaving no temporary file, when the folder cannot hold it', () => {
    const dir = folder();
    writeFileSync(join(dir, 'generated'), 'a file where the folder should be');
    const error = thrown(() => writeOutput(join(dir, 'generated/admin-api.ts'), 'export {};\n'));
    expect(error.code).toBe('WRITE_FAILED');
    expect(readdirSync(dir)).toEqual(['generated']);
  });

  it('replaces the module in one step: a temporary file that fails to rename is removed', () => {
    const dir = folder();
    // A folder where the module should be: the rename fails after the temporary file is written.
    const module = join(dir, 'admin-api.ts');
    writeFileSync(join(dir, 'keep.txt'), '');
    mkdirSync(join(module, 'inside'), { recursive: true });
    expect(() => writeOutput(module, 'export {};\n')).toThrow(CodegenError);
    expect(readdirSync(dir).sort()).toEqual(['admin-api.ts', 'keep.txt']);
  });

  it('never replaces a file codegen did not write (INVALID_OPTION), but replaces an empty one', () => {
    const dir = folder();
    const module = join(dir, 'admin-api.ts');
    writeFileSync(module, 'export const mine = 1;\n');
    const error = thrown(() => writeOutput(module, `${MODULE}export {};\n`));
    expect(error.code).toBe('INVALID_OPTION');
    expect(readFileSync(module, 'utf8')).toBe('export const mine = 1;\n');
    writeFileSync(module, '');
    expect(writeOutput(module, `${MODULE}export {};\n`)).toBe('written');
  });
});
