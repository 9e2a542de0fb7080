import { type ChildProcess, execFile } from 'node:child_process';
import { once } from 'node:events';
import { type AddressInfo, createServer } from 'node:net';
import { parseEnv } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, exitOf as exitWith, startCli } from './cli-process.js';

const exitOf = (args: readonly string[]) => exitWith(children, EPHEMERAL, args);
const EPHEMERAL = ['--auth-port', '0', '--graphql-port', '0', '--rate-limit', '0'];

interface RunningBin {
  authUrl: string;
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Everything it printed so far. */
  output(): string;
  /** The `fault: <endpoint> <fault>` lines printed so far, as `<endpoint> <fault>`. */
  faults(): string[];
  /** Resolves once `faults()` has more than `count` lines. */
  faultAfter(count: number): Promise<void>;
  /** How many of the requests sent so far got a fault, by what came back. */
  faulted: number;
  /** A fresh token from the bin's token host. */
  accessToken(): Promise<string>;
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill();
});

async function startBin(args: string[]): Promise<RunningBin> {
  const cli = await startCli(children, EPHEMERAL, args);
  // Complete lines only: a chunk may end inside one.
  const faultsIn = (out: string) =>
    out
      .slice(0, out.lastIndexOf('\n') + 1)
      .split('\n')
      .filter((line) => line.startsWith('fault: '))
      .map((line) => line.slice('fault: '.length));
  return {
    authUrl: cli.variable('ADMIN_API_AUTH_URL'),
    baseUrl: cli.variable('ADMIN_API_BASE_URL'),
    clientId: cli.variable('ADMIN_API_CLIENT_ID'),
    clientSecret: cli.variable('ADMIN_API_CLIENT_SECRET'),
    faulted: 0,
    output: cli.output,
    faults: () => faultsIn(cli.output()),
    faultAfter: (count) => cli.until((out) => faultsIn(out).length > count),
    accessToken: cli.accessToken,
  };
}

/**
 * Sends one request and says what came of it: `200`, a fault of the mix as the bin names it, or
 * `delay 3s` as soon as the bin prints that it holds this request (the answer is not awaited).
 */
async function outcome(bin: RunningBin, url: string, init: RequestInit): Promise<string> {
  const seen = await answered(bin, url, init);
  if (seen !== '200') bin.faulted++;
  return seen;
}

async function answered(bin: RunningBin, url: string, init: RequestInit): Promise<string> {
  // The line of the last fault may come after its answer: this request's line is the next one.
  const drawn = bin.faulted;
  if (drawn > 0) await bin.faultAfter(drawn - 1);
  const abort = new AbortController();
  const answer = fetch(url, { ...init, signal: abort.signal }).then(
    async (response) => ({ response, body: await response.text() }),
    () => undefined,
  );
  const delayed = (async () => {
    await bin.faultAfter(drawn);
    return /^\w+ delay 3s$/.test(bin.faults()[drawn] ?? '') ? ('delayed' as const) : answer;
  })();
  const first = await Promise.race([answer, delayed]);
  if (first === 'delayed') {
    abort.abort();
    return 'delay 3s';
  }
  if (first === undefined) return 'drop';
  const { response, body } = first;
  if (response.status === 200) return '200';
  if (response.status === 503) return '503';
  if (response.status === 502 && response.headers.get('content-type') === 'text/html')
    return body.startsWith('<html>') ? '502 html' : `502 ${body}`;
  if (response.status === 429) {
    // The error each endpoint's clients read: OAuth's on the token host, GraphQL's on the other.
    const error = url.endsWith('/oauth/token')
      ? '"error":"temporarily_unavailable"'
      : '"code":"RATE_LIMITED"';
    return body.includes(error)
      ? `429 retry-after ${response.headers.get('retry-after')}`
      : `429 ${body.slice(0, 80)}`;
  }
  return `${response.status} ${body.slice(0, 80)}`;
}

const graphqlRequest = (bin: RunningBin, accessToken = 'none') =>
  outcome(bin, `${bin.baseUrl}/api/v2/admin/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ query: '{ me { id } }' }),
  });

const tokenRequest = (bin: RunningBin) =>
  outcome(bin, `${bin.authUrl}/api/admin/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: bin.clientId,
      client_secret: bin.clientSecret,
    }),
  });

async function inTurn(count: number, send: () => Promise<string>): Promise<string[]> {
  const outcomes: string[] = [];
  for (let i = 0; i < count; i++) outcomes.push(await send());
  return outcomes;
}

const MIX = ['503', '502 html', '429 retry-after 1', 'drop', 'delay 3s'];

describe('admin-api-emulator --faults and --faults-token', () => {
  it('with --faults 1 and --faults-token 1, every request gets a fault of the mix, each printed as it is drawn', async () => {
    const bin = await startBin(['--faults', '1', '--faults-token', '1', '--seed', '5']);
    expect(bin.output()).toContain(
      'Faults on (seed 5): 100% of GraphQL requests and 100% of token',
    );
    const graphql = await inTurn(25, () => graphqlRequest(bin));
    const token = await inTurn(10, () => tokenRequest(bin));
    for (const seen of [...graphql, ...token]) expect(MIX).toContain(seen);
    expect(new Set(graphql)).toEqual(new Set(MIX));
    expect(bin.faults()).toEqual([
      ...graphql.map((seen) => `graphql ${seen}`),
      ...token.map((seen) => `token ${seen}`),
    ]);
  });

  it('with --faults 0 (the default) no request gets a fault and nothing says faults are on', async () => {
    const bin = await startBin(['--faults', '0']);
    const token = await bin.accessToken();
    expect(await inTurn(10, () => graphqlRequest(bin, token))).toEqual(Array(10).fill('200'));
    expect(bin.output()).not.toContain('Faults on');
    expect(bin.faults()).toEqual([]);
  });

  it('says a random secret is new at every start, and says nothing of it with --client-secret', async () => {
    const HINT =
      '\n# The secret is new at every start: run with --client-secret <s> to keep one in .env.\n';
    const [first, second] = [await startBin([]), await startBin([])];
    expect(first.clientSecret).not.toBe(second.clientSecret);
    expect(first.output()).toContain(HINT);
    // A comment line: pasted into a .env with the variables, it hides none of them.
    const pasted = first.output().slice(first.output().indexOf('ADMIN_API_AUTH_URL'));
    expect(parseEnv(`${pasted.slice(0, pasted.indexOf('Token endpoint'))}PORT=3000\n`)).toEqual({
      ADMIN_API_AUTH_URL: first.authUrl,
      ADMIN_API_BASE_URL: first.baseUrl,
      ADMIN_API_CLIENT_ID: first.clientId,
      ADMIN_API_CLIENT_SECRET: first.clientSecret,
      PORT: '3000',
    });
    const kept = await startBin(['--client-secret', 'kept-secret']);
    expect(kept.clientSecret).toBe('kept-secret');
    expect(kept.output()).not.toContain('new at every start');
  });

  it('the same --seed gives the same faults in the same order; another seed, others', async () => {
    const run = async (seed: string) => {
      const bin = await startBin(['--faults', '0.5', '--seed', seed]);
      const token = await bin.accessToken();
      return inTurn(20, () => graphqlRequest(bin, token));
    };
    const [first, again, other] = await Promise.all([run('3'), run('3'), run('4')]);
    expect(again).toEqual(first);
    expect(first).toContain('200');
    expect(first.filter((seen) => seen !== '200').length).toBeGreaterThan(0);
    expect(other).not.toEqual(first);
  });

  it.each([
    ['--faults', '1.5'],
    ['--faults', 'often'],
    ['--faults', ''],
    ['--faults-token', '-0.1'],
    ['--faults', '0x1'],
  ])('refuses %s=%j with exit code 2 and a one-line message', async (flag, value) => {
    const { code, stderr } = await exitOf([`${flag}=${value}`]);
    expect(code).toBe(2);
    expect(stderr.trim().split('\n')).toEqual([
      `${flag} must be a probability from 0 to 1, e.g. 0.2 (got ${value})`,
    ]);
  });

  it.each([
    [['--rate-limt', '10'], "Unknown option '--rate-limt'"],
    [['--faults-token', '-0.1'], "'--faults-token=-XYZ'"],
    [['--seed'], "'--seed <value>' argument missing"],
    [['4010'], "Unexpected argument '4010'"],
  ])(
    'refuses %j with exit code 2 and one line pointing to --help, not a stack trace',
    async (args, says) => {
      const { code, stderr } = await exitOf(args);
      expect(code).toBe(2);
      const lines = stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(says);
      expect(lines[0]).toMatch(/\(see admin-api-emulator --help\)$/);
    },
  );

  it('refuses a port beyond 65535 with exit code 2 and one line, before starting anything', async () => {
    const { code, stderr } = await exitOf(['--auth-port=70000']);
    expect(code).toBe(2);
    expect(stderr.trim().split('\n')).toEqual([
      '--auth-port must be an integer from 0 to 65535 (got 70000)',
    ]);
  });

  it.each([
    [['--auth-port=4555', '--graphql-port=4555'], '--auth-port and --graphql-port must differ'],
    [['--seed=9007199254740993'], '--seed must be an integer from 0 to 9007199254740991'],
    [['--client-id='], '--client-id must be 1 to 200 printable characters'],
    [['--client-secret=two words'], '--client-secret must be 1 to 200 printable characters'],
    // A pasted .env would read `s3cr3t` alone: `#` starts a comment there.
    [['--client-secret=s3cr3t#1'], '--client-secret must be 1 to 200 printable characters'],
  ])('refuses %j with exit code 2 and one line, before starting anything', async (args, says) => {
    const { code, stderr } = await exitOf(args);
    expect(code).toBe(2);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(says);
    // A refused secret is never echoed.
    expect(stderr).not.toMatch(/two words|s3cr3t/);
  });

  it('says in one line that a port is taken, and exits 1, not with a stack trace', async () => {
    const taken = createServer().listen(0, '127.0.0.1');
    await once(taken, 'listening');
    try {
      const { port } = taken.address() as AddressInfo;
      const { code, stderr } = await exitOf([`--auth-port=${port}`]);
      expect(code).toBe(1);
      expect(stderr.trim().split('\n')).toEqual([
        `Cannot listen on port ${port}: already in use. Stop what holds it, or choose others with --auth-port and --graphql-port (0 for any free port).`,
      ]);
    } finally {
      taken.close();
    }
  });

  it('lists both flags and the mix in --help', async () => {
    const help = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, [BIN, '--help'], (error, stdout) =>
        error ? reject(error) : resolve(stdout),
      ),
    );
    expect(help).toContain('--faults <rate>');
    expect(help).toContain('--faults-token <rate>');
    expect(help).toContain(MIX.join(', '));
  });
});
