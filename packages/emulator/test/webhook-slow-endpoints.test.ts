import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator } from '../src/index.js';
import { graphql, token } from './helpers.js';
import {
  closedPortUrl,
  NEW_PRODUCT,
  type Receiver,
  SAVE_PRODUCT,
  SAVE_WEBHOOK,
  startReceiver,
} from './webhook-receiver.js';

const receivers: Receiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
});

describe('slow and silent endpoints', () => {
  it('answers mutations while a receiver holds its answer, and delivers once it answers', async () => {
    let release = () => {};
    const held = new Promise<number>((resolve) => {
      release = () => resolve(200);
    });
    const receiver = await startReceiver(() => held);
    receivers.push(receiver);
    const emulator = await startEmulator({ rateLimit: false });
    try {
      const accessToken = await token(emulator);
      const run = async (query: string, variables: Record<string, unknown>) =>
        (await graphql(emulator, accessToken, query, variables)).json();
      await run(SAVE_WEBHOOK, {
        input: { endpoint: receiver.url, scopes: ['store/product/created'] },
      });
      await run(SAVE_PRODUCT, { input: NEW_PRODUCT });
      await receiver.arrived(1);
      // The first delivery is in flight, unanswered: another mutation still answers.
      const second = (await run(SAVE_PRODUCT, { input: NEW_PRODUCT })) as {
        data?: { saveProduct?: { id: string } };
      };
      expect(second.data?.saveProduct?.id).toEqual(expect.any(String));
      expect(emulator.stats.webhookAttempts).toBe(0);
      release();
      await emulator.webhooksSettled();
      expect(emulator.stats).toMatchObject({ webhookEvents: 2, webhookDelivered: 2 });
    } finally {
      release();
      await emulator.close();
    }
  });

  it('gives up a try after timeoutMs: 3 timeouts drop the event', async () => {
    const receiver = await startReceiver(() => new Promise<number>(() => {}));
    receivers.push(receiver);
    const emulator = await startEmulator({
      rateLimit: false,
      webhooks: { timeoutMs: 50, retryDelaysMs: [0, 0] },
    });
    try {
      const accessToken = await token(emulator);
      await graphql(emulator, accessToken, SAVE_WEBHOOK, {
        input: { endpoint: receiver.url, scopes: ['store/product/created'] },
      });
      await graphql(emulator, accessToken, SAVE_PRODUCT, { input: NEW_PRODUCT });
      await emulator.webhooksSettled();
      expect(emulator.stats.webhookLog.map((entry) => [entry.error, entry.outcome])).toEqual([
        ['timeout after 50 ms', 'retry'],
        ['timeout after 50 ms', 'retry'],
        ['timeout after 50 ms', 'dropped'],
      ]);
      expect(receiver.received).toHaveLength(3);
    } finally {
      await emulator.close();
    }
  });

  it('close() stops a pending retry: the process exits at once, not when the retry was due', async () => {
    // The built package, in a process of its own: only its exit shows no timer is left behind.
    const dist = new URL('../dist/index.js', import.meta.url).href;
    const script = `
      import { startEmulator } from ${JSON.stringify(dist)};
      const emulator = await startEmulator({
        rateLimit: false,
        fixtures: { products: 1, customers: 0, orders: 0 },
        webhooks: {
          retryDelaysMs: [600000, 600000],
          onAttempt: async (attempt) => {
            console.log('try', attempt.try, attempt.outcome);
            // Once the engine has set the retry's timer.
            await new Promise((resolve) => setImmediate(resolve));
            await emulator.close();
            await emulator.webhooksSettled();
            console.log('closed', emulator.stats.webhookAttempts);
          },
        },
      });
      const form = new URLSearchParams({ grant_type: 'client_credentials',
        client_id: emulator.clientId, client_secret: emulator.clientSecret });
      const { access_token } = await (await fetch(emulator.authUrl + '/api/admin/oauth/token',
        { method: 'POST', body: form })).json();
      const run = (query, variables) => fetch(emulator.baseUrl + '/api/v2/admin/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer ' + access_token },
        body: JSON.stringify({ query, variables }) });
      await run(${JSON.stringify(SAVE_WEBHOOK)},
        { input: { endpoint: ${JSON.stringify(await closedPortUrl())}, scopes: ['store/product/created'] } });
      await run(${JSON.stringify(SAVE_PRODUCT)}, { input: ${JSON.stringify(NEW_PRODUCT)} });
    `;
    const ran = await new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        ['--input-type=module', '-e', script],
        // A retry timer left running would hold the process for 10 minutes.
        { timeout: 20_000, cwd: fileURLToPath(new URL('..', import.meta.url)) },
        (error, out, err) => resolve({ code: error ? (error.code as number) : 0, out: out + err }),
      );
      child.stdin?.end();
    });
    expect(ran.out).toBe('try 1 retry\nclosed 1\n');
    expect(ran.code).toBe(0);
  }, 30_000);
});
