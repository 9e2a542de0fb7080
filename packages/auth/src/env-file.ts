import { ConfigurationError } from './errors.js';

/** The `.env` file both codegen and `createAdminClientFromEnv` read by default. */
export const DEFAULT_ENV_FILE = '.env';

/** A `.env` file holds a few lines: a larger file is not one, and is not read into memory. */
export const MAX_ENV_FILE_BYTES = 1024 * 1024;

const BYTE_ORDER_MARK = '\uFEFF';

interface NodeModules {
  readonly fs: typeof import('node:fs');
  readonly util: typeof import('node:util');
}

/**
 * Node's `fs` and `util`, looked up at run time rather than imported: the client imports this
 * module, and a bundle for another runtime must not need them. `undefined` before Node 20.16.
 */
function nodeModules(): NodeModules | undefined {
  const node = globalThis.process;
  if (typeof node?.getBuiltinModule !== 'function') return undefined;
  return { fs: node.getBuiltinModule('node:fs'), util: node.getBuiltinModule('node:util') };
}

/** The file as text, read up to one byte past the cap; throws what the file system threw. */
function readEnvText(fs: NodeModules['fs'], path: string): string {
  const fd = fs.openSync(path, 'r');
  try {
    // Sized by the file (which may still grow while read), never past the cap.
    const bytes = Buffer.alloc(Math.min(fs.fstatSync(fd).size, MAX_ENV_FILE_BYTES) + 1);
    let length = 0;
    for (let read = 1; read > 0 && length < bytes.length; length += read) {
      read = fs.readSync(fd, bytes, length, bytes.length - length, null);
    }
    if (length > MAX_ENV_FILE_BYTES) {
      throw new ConfigurationError(
        'INVALID_OPTION',
        `The env file ${path} is larger than ${MAX_ENV_FILE_BYTES} bytes, so it is not a .env file: fix the path, or pass envFile: false.`,
      );
    }
    return bytes.toString('utf8', 0, length);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Loads a `.env` file into `process.env`, as `node --env-file` does: variables already set win,
 * and a relative path is relative to the working directory. A leading byte order mark (which
 * Windows editors write) is not part of the first name. The one rule codegen and the client
 * share. `false` when there is no such file (or no Node `process` to load it into).
 */
export function loadEnvFile(path: string): boolean {
  const node = globalThis.process;
  if (typeof node?.loadEnvFile !== 'function') return false;
  const modules = nodeModules();
  try {
    if (!modules) {
      // Node 20.12 to 20.15: its own loader, which keeps a byte order mark in the first name.
      node.loadEnvFile(path);
      return true;
    }
    const text = readEnvText(modules.fs, path);
    const variables = modules.util.parseEnv(
      text.startsWith(BYTE_ORDER_MARK) ? text.slice(BYTE_ORDER_MARK.length) : text,
    );
    for (const [name, value] of Object.entries(variables)) {
      if (node.env[name] === undefined && value !== undefined) node.env[name] = value;
    }
    return true;
  } catch (error) {
    if (error instanceof ConfigurationError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'ENOENT') return false;
    throw new ConfigurationError(
      'INVALID_OPTION',
      `The env file ${path} cannot be read (${typeof code === 'string' ? code : 'unreadable'}): fix it, or pass envFile: false.`,
      { cause: error },
    );
  }
}
