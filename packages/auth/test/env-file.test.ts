import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_ENV_FILE_BYTES } from '../src/env-file.js';
import { ConfigurationError } from '../src/index.js';
import { loadEnvFile } from '../src/internal.js';

const NAMES = ['ENV_FILE_TEST_A', 'ENV_FILE_TEST_B', 'ENV_FILE_TEST_C', '\uFEFFENV_FILE_TEST_A'];
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'env-file-'));
  for (const name of NAMES) vi.stubEnv(name, undefined);
});
afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(dir, { recursive: true, force: true });
});

/** Writes `content` as a file in the test's folder and returns its path. */
function envFile(content: string | Uint8Array): string {
  const path = join(dir, '.env');
  writeFileSync(path, content);
  return path;
}

describe('loadEnvFile, which codegen and createAdminClientFromEnv share', () => {
  it('reads the first variable of a file that starts with a byte order mark under its own name', () => {
    const path = envFile('\uFEFFENV_FILE_TEST_A=first\r\nENV_FILE_TEST_B="second"\r\n');
    expect(loadEnvFile(path)).toBe(true);
    expect(process.env.ENV_FILE_TEST_A).toBe('first');
    expect(process.env.ENV_FILE_TEST_B).toBe('second');
    expect(process.env['\uFEFFENV_FILE_TEST_A']).toBeUndefined();
  });

  it('keeps a comment that follows a byte order mark a comment', () => {
    const path = envFile('\uFEFF# credentials\nENV_FILE_TEST_A=first\nexport ENV_FILE_TEST_B=b\n');
    expect(loadEnvFile(path)).toBe(true);
    expect(process.env.ENV_FILE_TEST_A).toBe('first');
    expect(process.env.ENV_FILE_TEST_B).toBe('b');
  });

  it('leaves variables already set as they are, an empty one included', () => {
    vi.stubEnv('ENV_FILE_TEST_A', 'from-the-environment');
    vi.stubEnv('ENV_FILE_TEST_B', '');
    const path = envFile('ENV_FILE_TEST_A=1\nENV_FILE_TEST_B=2\nENV_FILE_TEST_C=3\n');
    expect(loadEnvFile(path)).toBe(true);
    expect(process.env.ENV_FILE_TEST_A).toBe('from-the-environment');
    expect(process.env.ENV_FILE_TEST_B).toBe('');
    expect(process.env.ENV_FILE_TEST_C).toBe('3');
  });

  it('is false, setting nothing, when there is no such file', () => {
    expect(loadEnvFile(join(dir, 'missing.env'))).toBe(false);
    expect(process.env.ENV_FILE_TEST_A).toBeUndefined();
  });

  it('refuses with INVALID_OPTION a file past the size cap, and a folder, setting nothing', () => {
    const big = envFile(`ENV_FILE_TEST_A=1\n${'#'.repeat(MAX_ENV_FILE_BYTES)}\n`);
    for (const path of [big, dir]) {
      const error = (() => {
        try {
          loadEnvFile(path);
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error as ConfigurationError).code).toBe('INVALID_OPTION');
    }
    expect(process.env.ENV_FILE_TEST_A).toBeUndefined();
  });
});
