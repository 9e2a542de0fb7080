import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { signedDelivery } from './webhook-fixture.js';

const run = promisify(execFile);
const REPO_ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
const SECRET = 'readme-webhook-secret';

/** Posts the delivery twice, as the service's retry would, then shuts down as the README says. */
const TAIL = `
for (let i = 0; i < 2; i++) {
  const request = new Request('http://127.0.0.1/webhooks', { method: 'POST', body: process.env.DELIVERY });
  console.log((await handleWebhook(request)).status);
}
await dedupe.close();
`;

/** The first TypeScript block after the README's "Webhook dedupe" heading. */
async function section(readme: string): Promise<string> {
  const text = await readFile(readme, 'utf8');
  const match = /```ts\n([\s\S]*?)```/.exec(text.slice(text.indexOf('## Webhook dedupe')));
  if (!match?.[1]) throw new Error(`no ts block under "## Webhook dedupe" in ${readme}`);
  return match[1];
}

/**
 * Runs a README's "Webhook dedupe" block as written, with `env` (its server's URL) and one signed
 * delivery posted twice: resolves to the delivery and the lines the script printed.
 */
export async function runWebhookDedupeSection(
  readme: string,
  env: Record<string, string>,
): Promise<{ delivery: ReturnType<typeof signedDelivery>; lines: string[] }> {
  const delivery = signedDelivery({}, SECRET);
  const dir = await mkdtemp(join(tmpdir(), 'admin-api-dedupe-readme-'));
  try {
    const file = join(dir, 'webhook-dedupe.mts');
    await writeFile(file, `${await section(readme)}${TAIL}`);
    // From the repo root, tsx maps the packages' names to their sources (tsconfig paths).
    const { stdout } = await run('node', ['--import', 'tsx', file], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env, APP_CLIENT_SECRET: SECRET, DELIVERY: delivery.body },
    });
    return { delivery, lines: stdout.trim().split('\n') };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
