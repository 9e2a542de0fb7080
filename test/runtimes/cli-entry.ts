import { type RuntimeCredentials, runChecks } from './run-checks.js';

/** The two runtimes' own ways to read stdin, declared here since their typings are not installed. */
interface RuntimeGlobals {
  Deno?: { stdin: { readable: ReadableStream<Uint8Array> } };
  Bun?: { stdin: { text(): Promise<string> } };
}

/**
 * Bun's and Deno's entry: the credentials arrive as JSON on stdin (no file, no argument, no
 * environment variable; Deno runs with `--allow-net` only), the report leaves as JSON on stdout.
 */
async function readStdin(): Promise<string> {
  const { Deno, Bun } = globalThis as RuntimeGlobals;
  if (Deno) return new Response(Deno.stdin.readable).text();
  if (Bun) return Bun.stdin.text();
  throw new Error('cli-entry runs on Bun or Deno');
}

const credentials = JSON.parse(await readStdin()) as RuntimeCredentials;
console.log(JSON.stringify(await runChecks(credentials)));
