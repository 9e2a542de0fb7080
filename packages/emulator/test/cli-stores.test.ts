import { type ChildProcess, execFile } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, exitOf as exitWith, startCli } from './cli-process.js';

const exitOf = (args: readonly string[]) => exitWith(children, EPHEMERAL, args);
const EPHEMERAL = ['--auth-port', '0', '--graphql-port', '0', '--store-port', '0'];

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill();
});

/** Starts the bin and resolves with what it printed once it says it is running. */
const startBin = async (args: string[]) => (await startCli(children, EPHEMERAL, args)).output();

describe('admin-api-emulator --stores', () => {
  it('starts a token host per store and prints its authUrl and admin page', async () => {
    const out = await startBin([
      '--stores',
      'acme,globex',
      '--app-url',
      'http://localhost:3000/launch',
      '--app-name',
      'Stock Sync',
    ]);
    const urls = (name: string) => {
      const match = new RegExp(`^  ${name}: authUrl (\\S+)  admin page (\\S+)$`, 'm').exec(out);
      return { authUrl: match?.[1] ?? '', admin: match?.[2] ?? '' };
    };
    const acme = urls('acme');
    const globex = urls('globex');
    expect(acme.admin).toBe(`${acme.authUrl}/admin`);
    expect(globex.authUrl).not.toBe(acme.authUrl);
    const clientId = /^ADMIN_API_CLIENT_ID=(.+)$/m.exec(out)?.[1] ?? '';

    const admin = await fetch(acme.admin);
    expect(admin.status).toBe(200);
    expect(await admin.text()).toContain('not installed');
    const consent = await fetch(
      `${globex.authUrl}/api/admin/oauth/authorize?${new URLSearchParams({
        response_type: 'code',
        client_id: clientId,
        redirect_uri: 'http://localhost:3000/callback',
        scope: 'read_products',
        state: 's',
      })}`,
    );
    expect(consent.status).toBe(200);
    const html = await consent.text();
    expect(html).toContain('Stock Sync');
    expect(html).toContain('<strong>globex</strong>');
  });

  it.each([
    [['--stores', 'Acme'], '--stores must be store names separated by commas'],
    [['--stores', 'acme,,globex'], '--stores must be store names separated by commas'],
    [['--stores', 'acme,acme'], '--stores names the store "acme" twice'],
    [['--app-url', '/launch'], '--app-url must be an absolute http or https URL'],
    [['--stores', 'a,b', '--store-port', '65535'], '--store-port 65535 leaves no port'],
  ])('refuses %j with exit code 2 and one line, before starting anything', async (args, says) => {
    const { code, stderr } = await exitOf(args);
    expect(code).toBe(2);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(says);
  });

  it('lists --stores, --store-port and --app-url in --help', async () => {
    const help = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, [BIN, '--help'], (error, stdout) =>
        error ? reject(error) : resolve(stdout),
      ),
    );
    for (const flag of ['--stores <a,b>', '--store-port <n>', '--app-url <url>']) {
      expect(help).toContain(flag);
    }
  });
});
