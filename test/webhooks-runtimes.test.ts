import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedDelivery, WEBHOOK_SECRET } from '../packages/app/test/support/webhook-fixture.js';
import { RUNTIME_SOURCE_ALIASES } from './runtime-sources.js';
import { serveWorkerd } from './runtimes/child-processes.js';
import { workerd } from './runtimes/runtime-binaries.js';
import { workerConfig } from './runtimes/worker-config.js';

const repo = fileURLToPath(new URL('..', import.meta.url));
const app = join(repo, 'packages', 'app');
/** Before `nodejs_compat` was on by default for anything: a Worker with no Node module at all. */
const OLD_COMPATIBILITY_DATE = '2025-06-01';

/**
 * A module worker serving `createWebhookHandler` from `@admin-api/app/webhooks`; GET answers how
 * many events reached `onEvent`. The secret is an env binding, in neither bundle nor config.
 */
const WORKER = `
import { createWebhookHandler } from '@admin-api/app/webhooks';
let handled = 0;
let handler;
export default {
  async fetch(request, env) {
    if (request.method === 'GET') return Response.json({ handled });
    handler ??= createWebhookHandler({
      clientSecret: env.WEBHOOK_SECRET,
      onEvent: () => {
        handled++;
      },
    });
    return handler(request);
  },
};
`;

/** Bundles `contents` for a browser platform: nothing external, so a `node:` import fails it. */
async function bundleForBrowser(contents: string, outfile?: string) {
  return build({
    stdin: { contents, resolveDir: repo, loader: 'ts', sourcefile: 'entry.ts' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    absWorkingDir: repo,
    logLevel: 'silent',
    write: outfile !== undefined,
    ...(outfile ? { outfile } : {}),
    alias: {
      ...RUNTIME_SOURCE_ALIASES,
      '@admin-api/app/webhooks': join(app, 'src', 'webhooks.ts'),
      '@admin-api/app': join(app, 'src', 'index.ts'),
    },
  });
}

let dir = '';
const children = new Set<ChildProcess>();
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'admin-api-webhooks-'));
});
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

describe('@admin-api/app/webhooks, without any node: module', () => {
  it('bundles for a browser with nothing external, where the main entry cannot', async () => {
    const webhooks = await bundleForBrowser(
      "export * from '@admin-api/app/webhooks';",
      join(dir, 'webhooks.mjs'),
    );
    expect(webhooks.errors).toEqual([]);
    expect(readFileSync(join(dir, 'webhooks.mjs'), 'utf8')).not.toMatch(/["']node:/);
    // Sessions and launches need node:crypto's synchronous HMAC and cipher: why the entry exists.
    await expect(bundleForBrowser("export * from '@admin-api/app';")).rejects.toThrow(
      /node:crypto/,
    );
  });

  it('built, its files import no node: module (run `pnpm --filter @admin-api/app build` first)', () => {
    const entry = join(app, 'dist', 'webhooks.js');
    expect(existsSync(entry)).toBe(true);
    const seen = new Set<string>();
    const walk = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const code = readFileSync(file, 'utf8');
      expect(code).not.toMatch(/\bfrom\s*["']node:|\bimport\s*\(?\s*["']node:/);
      for (const [, relative] of code.matchAll(/\bfrom\s*["'](\.[^"']+)["']/g)) {
        walk(join(dirname(file), relative ?? ''));
      }
    };
    walk(entry);
    expect(seen.size).toBeGreaterThan(1);
  });

  it('runs on workerd with an old compatibility date and no flags: signed 200, tampered 401', async () => {
    const { binary } = workerd();
    const module = 'webhook-worker.mjs';
    const bundled = await bundleForBrowser(WORKER, join(dir, module));
    expect(bundled.errors).toEqual([]);
    expect(readFileSync(join(dir, module), 'utf8')).not.toContain(WEBHOOK_SECRET);
    const config = workerConfig({
      module,
      compatibilityDate: OLD_COMPATIBILITY_DATE,
      text: {},
      fromEnvironment: 'WEBHOOK_SECRET',
    });
    expect(config).not.toMatch(/compatibilityFlags|nodejs_compat/);
    writeFileSync(join(dir, 'webhook-config.capnp'), config);
    const { child, port } = await serveWorkerd(binary, 'webhook-config.capnp', {
      cwd: dir,
      env: { WEBHOOK_SECRET },
    });
    children.add(child);
    try {
      const url = `http://127.0.0.1:${port}/webhooks`;
      const signed = signedDelivery({ data: { id: 'o-9', orderNumber: '1009' } });
      const parsed = JSON.parse(signed.body) as Record<string, string>;
      const tampered = JSON.stringify({ ...parsed, data: parsed.data?.replace('1009', '9999') });
      const statuses: number[] = [];
      for (const body of [signed.body, tampered]) {
        const answer = await fetch(url, { method: 'POST', body });
        await answer.text();
        statuses.push(answer.status);
      }
      expect(statuses).toEqual([200, 401]);
      expect(await (await fetch(url)).json()).toEqual({ handled: 1 });
    } finally {
      child.kill('SIGKILL');
      children.delete(child);
    }
  });
});
