import type { ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { exitOf as exitWith, type RunningCli, startCli } from './cli-process.js';
import {
  NEW_PRODUCT,
  type Receiver,
  SAVE_PRODUCT,
  SAVE_WEBHOOK,
  startReceiver,
} from './webhook-receiver.js';

const exitOf = (args: readonly string[]) => exitWith(children, EPHEMERAL, args);
const EPHEMERAL = ['--auth-port', '0', '--graphql-port', '0', '--rate-limit', '0'];

const children: ChildProcess[] = [];
const receivers: Receiver[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) child.kill();
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
});

const startBin = (args: string[]) => startCli(children, EPHEMERAL, args);

async function graphql(bin: RunningCli, accessToken: string, query: string, variables: object) {
  const url = `${bin.variable('ADMIN_API_BASE_URL')}/api/v2/admin/graphql`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ query, variables }),
  });
  expect(response.status).toBe(200);
}

describe('admin-api-emulator webhooks', () => {
  it('prints one line per delivery try, and "dropped" after the third failure', async () => {
    const receiver = await startReceiver(() => 500);
    receivers.push(receiver);
    const bin = await startBin(['--webhook-retry-delays', '0,0']);
    expect(bin.output()).toContain('Webhooks: saveWebhook registers endpoints');
    const accessToken = await bin.accessToken();
    await graphql(bin, accessToken, SAVE_WEBHOOK, {
      input: {
        endpoint: `${receiver.url}?token=kept-out-of-logs`,
        scopes: ['store/product/created'],
      },
    });
    await graphql(bin, accessToken, SAVE_PRODUCT, { input: NEW_PRODUCT });
    await bin.printed(/ try 3\/3 dropped$/);
    const lines = bin
      .output()
      .split('\n')
      .filter((line) => line.startsWith('webhook: '));
    expect(lines).toEqual([
      `webhook: store/product/created ${receiver.url} 500 try 1/3`,
      `webhook: store/product/created ${receiver.url} 500 try 2/3`,
      `webhook: store/product/created ${receiver.url} 500 try 3/3 dropped`,
    ]);
  });

  it('says which webhook faults are on', async () => {
    const bin = await startBin([
      '--webhook-delay',
      '250',
      '--webhook-duplicates',
      '0.5',
      '--webhook-out-of-order',
    ]);
    expect(bin.output()).toContain(
      'Webhook faults on (seed 1): 250 ms before each try, 50% of events sent twice, bursts shuffled.',
    );
  });

  it.each([
    [['--webhook-retry-delays', '5'], '--webhook-retry-delays must be two waits'],
    [['--webhook-retry-delays', '5,x'], '--webhook-retry-delays must be an integer'],
    [['--webhook-timeout', '0'], '--webhook-timeout must be an integer of at least 1'],
    [['--webhook-delay', '1e3'], '--webhook-delay must be an integer'],
    [['--webhook-duplicates', '1.5'], '--webhook-duplicates must be a probability'],
  ])('refuses %j with exit code 2', async (args, message) => {
    const { code, stderr } = await exitOf(args);
    expect(code).toBe(2);
    expect(stderr).toContain(message);
  });
});
