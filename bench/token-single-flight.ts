// Token requests per 1,000 concurrent calls, at a cold start and at expiry: the token provider
// against a naive cache without single-flight, in one run.
import { type AccessToken, createTokenProvider, requestToken } from '@admin-api/auth';
import { startEmulator } from '@admin-api/emulator';
import { type BenchReport, runIfMain, table } from './bench-report.js';

const CALLS = 1_000;

export async function tokenSingleFlight(): Promise<BenchReport> {
  let clock = Date.now();
  const now = () => clock;
  const emulator = await startEmulator({ now, rateLimit: false, tokenLifetimeS: 3_600 });
  const credentials = {
    authUrl: emulator.authUrl,
    clientId: emulator.clientId,
    clientSecret: emulator.clientSecret,
  };
  const burst = async (get: () => Promise<AccessToken>) => {
    const before = emulator.stats.tokenRequests;
    await Promise.all(Array.from({ length: CALLS }, get));
    return emulator.stats.tokenRequests - before;
  };
  try {
    const provider = createTokenProvider({ ...credentials, now });
    const oursCold = await burst(() => provider.getToken());
    clock += 3_600_000;
    const oursExpiry = await burst(() => provider.getToken());

    // What a hand-rolled cache often looks like: check, then fetch, with no shared in-flight request.
    let cached: AccessToken | undefined;
    const naive = async () => {
      if (!cached || now() >= cached.expiresAt)
        cached = await requestToken({ ...credentials, now });
      return cached;
    };
    const naiveCold = await burst(naive);
    clock += 3_600_000;
    const naiveExpiry = await burst(naive);

    const markdown = `## Token requests per ${CALLS.toLocaleString('en')} concurrent calls

${table(
  ['implementation', 'cold start', 'at expiry'],
  [
    ['`createTokenProvider` (single-flight)', oursCold, oursExpiry],
    ['naive cache (check, then fetch)', naiveCold, naiveExpiry],
  ],
)}

Target: 1 and 1.
`;
    return { title: 'token single-flight', markdown };
  } finally {
    await emulator.close();
  }
}

runIfMain(import.meta.url, tokenSingleFlight);
