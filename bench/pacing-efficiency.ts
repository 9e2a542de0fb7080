// Pacing efficiency: requests achieved within the service's budget on a sustained run, with no
// 429, against two baselines in the same run: a fixed interval (one request every window/limit)
// and no pacing at all (fire, and retry after 429).
import { createTokenProvider } from '@admin-api/auth';
import { createAdminClient } from '@admin-api/client';
import { type Emulator, startEmulator } from '@admin-api/emulator';
import { type BenchReport, runIfMain, table } from './bench-report.js';

const LIMIT = 50;
const WINDOW_MS = Number(process.env.BENCH_PACING_WINDOW_MS ?? 2_000);
const WINDOWS = Number(process.env.BENCH_PACING_WINDOWS ?? 8);
const WORKERS = 100;
const QUERY = 'query GetMe { me { id } }';

interface Outcome {
  sent: number;
  rateLimited: number;
}

async function sustained(
  emulator: Emulator,
  strategy: 'ours' | 'fixed-interval' | 'none',
): Promise<Outcome> {
  const tokenProvider = createTokenProvider({
    authUrl: emulator.authUrl,
    clientId: emulator.clientId,
    clientSecret: emulator.clientSecret,
  });
  await tokenProvider.getToken();
  emulator.reset();
  const started = Date.now();
  const deadline = started + WINDOWS * WINDOW_MS;
  let sent = 0;
  const countSent = () => {
    if (Date.now() < deadline) sent++;
  };
  const paced = createAdminClient({
    baseUrl: emulator.baseUrl,
    tokenProvider,
    rateLimit: strategy === 'ours' ? { limit: LIMIT, windowMs: WINDOW_MS } : false,
    retry: { rateLimitRetries: 1_000, retries: 0, maxRetryAfterMs: WINDOW_MS * 2 },
    onEvent: (event) => {
      if (event.type === 'graphql_request') countSent();
    },
  });
  if (strategy === 'fixed-interval') {
    const interval = WINDOW_MS / LIMIT;
    const calls: Promise<unknown>[] = [];
    for (let at = started; at < deadline; at += interval) {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
      calls.push(paced.request(QUERY).catch(() => undefined));
    }
    await Promise.all(calls);
  } else {
    await Promise.all(
      Array.from({ length: WORKERS }, async () => {
        while (Date.now() < deadline) await paced.request(QUERY).catch(() => undefined);
      }),
    );
  }
  return { sent, rateLimited: emulator.stats.rateLimited };
}

export async function pacingEfficiency(): Promise<BenchReport> {
  // The baselines' 429s would get the app blocked for its error rate, and this measures pacing.
  const emulator = await startEmulator({
    rateLimit: { limit: LIMIT, windowMs: WINDOW_MS },
    errorBlocks: false,
  });
  const allowed = LIMIT * WINDOWS;
  const rows: (string | number)[][] = [];
  try {
    for (const [label, strategy] of [
      ['@admin-api/client pacing', 'ours'],
      ['fixed interval (window ÷ limit)', 'fixed-interval'],
      ['no pacing, retry after 429', 'none'],
    ] as const) {
      process.stderr.write(`pacing: ${label}\n`);
      const { sent, rateLimited } = await sustained(emulator, strategy);
      const accepted = sent - rateLimited;
      rows.push([label, sent, rateLimited, (accepted / allowed).toFixed(3)]);
    }
  } finally {
    await emulator.close();
  }
  const markdown = `## Pacing efficiency

A sustained run of ${WINDOWS} windows against the emulator's limit of ${LIMIT} requests per ${WINDOW_MS / 1000} s
(the service's 50 per 10 s, with the window scaled down so the run takes seconds), ${WORKERS} callers
competing. Allowed in the run: ${allowed} requests. Efficiency = accepted requests ÷ allowed (target ≥ 0.95, with no 429).

${table(['strategy', 'requests sent', '429s', 'efficiency'], rows)}
`;
  return { title: 'pacing efficiency', markdown };
}

runIfMain(import.meta.url, pacingEfficiency);
