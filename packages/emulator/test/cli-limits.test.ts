import type { ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { exitOf as exitWith, type RunningCli, startCli } from './cli-process.js';

const exitOf = (args: readonly string[]) => exitWith(children, EPHEMERAL, args);
const EPHEMERAL = ['--auth-port', '0', '--graphql-port', '0', '--rate-limit', '0'];
const BAD = 'mutation { deleteProductList(idList: ["no-such-product"]) }';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill();
});

interface RunningBin extends RunningCli {
  /** Sends `query` with a token of the bin's app; the status and body. */
  send(query: string): Promise<{ status: number; body: string }>;
}

/** Starts the bin; resolves once it says it is running. */
async function startBin(args: string[]): Promise<RunningBin> {
  const cli = await startCli(children, EPHEMERAL, args);
  let accessToken: Promise<string> | undefined;
  return {
    ...cli,
    async send(query) {
      accessToken ??= cli.accessToken();
      const response = await fetch(`${cli.variable('ADMIN_API_BASE_URL')}/api/v2/admin/graphql`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${await accessToken}`,
        },
        body: JSON.stringify({ query }),
      });
      return { status: response.status, body: await response.text() };
    },
  };
}

/** Waits until the bin has printed a line matching `pattern`, and answers it. */
async function lineOf(bin: RunningBin, pattern: RegExp): Promise<string> {
  await bin.printed(pattern);
  return (
    bin
      .output()
      .split('\n')
      .find((line) => pattern.test(line)) ?? ''
  );
}

describe('admin-api-emulator query limits and error-rate blocks', () => {
  it("says at start the query limits and the service's block rules it enforces", async () => {
    const bin = await startBin([]);
    expect(bin.output()).toContain(
      'Query limits: depth 15, 100 aliases, 20000 list items, 50000 tokens, 5000000 answer bytes',
    );
    expect(bin.output()).toContain(
      "Error-rate blocks (the service's figures): >25%:1h:301:1h, >=60%:1h:301:30m, >=60%:1d:3001:12h, >=60%:5d:9001:permanent",
    );
  });

  it('takes the query limits from --max-* flags', async () => {
    const bin = await startBin(['--max-aliases', '2', '--max-depth', '3']);
    const aliases = await bin.send('{ a: me { id } b: me { id } c: me { id } }');
    expect(aliases.status).toBe(400);
    expect(JSON.parse(aliases.body)).toMatchObject({
      errors: [{ extensions: { code: 'QUERY_TOO_COMPLEX', limit: 'aliases', max: 2, actual: 3 } }],
    });
    const depth = await bin.send('{ listProduct { data { variants { id } } } }');
    expect(JSON.parse(depth.body)).toMatchObject({
      errors: [{ extensions: { limit: 'depth', max: 3 } }],
    });
  });

  it('blocks by the rules of --block-rules, printing one line per block', async () => {
    const bin = await startBin(['--block-rules', '>25%:1h:4:2h']);
    for (let i = 0; i < 4; i++) expect((await bin.send(BAD)).status).toBe(200);
    const blocked = await bin.send('{ me { id } }');
    expect(blocked.status).toBe(403);
    expect(JSON.parse(blocked.body)).toMatchObject({
      errors: [{ extensions: { code: 'APP_BLOCKED', rule: '>25%:1h:4:2h' } }],
    });
    const line = await lineOf(bin, /^block: /);
    expect(line).toMatch(
      /^block: private app emulator-client blocked until \d{4}-\d\d-\d\dT[\d:.]+Z by >25%:1h:4:2h \(4 of 4 requests failed\)$/,
    );
  });

  it('blocks nothing with --block-rules off', async () => {
    const bin = await startBin(['--block-rules', 'off']);
    expect(bin.output()).toContain('Error-rate blocks are off (--block-rules off).');
    for (let i = 0; i < 10; i++) expect((await bin.send(BAD)).status).toBe(200);
  });

  it.each([
    [
      ['--block-rules', '25%:1h:4:1h'],
      '--block-rules: "25%:1h:4:1h" is not <rate>:<window>:<min requests>:<block>',
    ],
    [['--block-rules', '>25%:1h:4:1y'], '--block-rules: ">25%:1h:4:1y": durations are'],
    [['--max-depth', '0'], '--max-depth must be an integer from 1 to 200 (got 0)'],
    [['--max-depth', '201'], '--max-depth must be an integer from 1 to 200 (got 201)'],
    [['--max-response-bytes', '5MB'], '--max-response-bytes must be an integer'],
  ])('refuses %j with exit code 2 and one line', async (args, message) => {
    const { code, stderr } = await exitOf(args);
    expect(code).toBe(2);
    expect(stderr.trim().split('\n')).toEqual([expect.stringContaining(message)]);
  });
});
