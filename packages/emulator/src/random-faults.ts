import type { Fault, FaultQueues, FaultTarget } from './faults.js';
import { seededRandom } from './seeded-random.js';

/** What a proxy in front of the service answers when it is down. */
const PROXY_ERROR_PAGE =
  '<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>';

/** A named fault of {@link FAULT_MIX}; `name` is what the CLI prints. */
export interface MixedFault {
  readonly name: string;
  readonly fault: Fault;
  /** What the token endpoint answers instead, where an OAuth server's answer differs. */
  readonly tokenFault?: Fault;
}

/**
 * The faults `--faults` and `--faults-token` draw from, each equally likely: the failures a
 * client must ride out without retrying blindly.
 */
export const FAULT_MIX: readonly MixedFault[] = [
  { name: '503', fault: { status: 503 } },
  {
    name: '502 html',
    fault: { status: 502, body: PROXY_ERROR_PAGE, headers: { 'content-type': 'text/html' } },
  },
  {
    name: '429 retry-after 1',
    fault: {
      status: 429,
      body: JSON.stringify({
        errors: [{ message: 'Too many requests', extensions: { code: 'RATE_LIMITED' } }],
      }),
      headers: { 'content-type': 'application/json; charset=utf-8', 'retry-after': '1' },
    },
    tokenFault: {
      status: 429,
      // RFC 6749 has no token endpoint code for a rate limit: this one is borrowed from its
      // authorization endpoint's codes, for a server too loaded to answer.
      body: JSON.stringify({
        error: 'temporarily_unavailable',
        error_description: 'Too many requests',
      }),
      headers: { 'content-type': 'application/json; charset=utf-8', 'retry-after': '1' },
    },
  },
  { name: 'drop', fault: { drop: true } },
  { name: 'delay 3s', fault: { delayMs: 3_000 } },
];

/** Per endpoint, the probability (0 to 1) that a request gets a fault of {@link FAULT_MIX}. */
export type FaultRates = Readonly<Partial<Record<FaultTarget, number>>>;

/**
 * A `faults.random` that gives each request a fault of {@link FAULT_MIX} with its endpoint's
 * rate. Each endpoint draws from its own stream seeded from `seed`, so the faults of one seed
 * come in the same order on every run, whatever the other endpoint is asked meanwhile.
 * `onFault` hears of each fault as it is drawn.
 */
export function randomFaults(
  rates: FaultRates,
  seed: number,
  onFault: (target: FaultTarget, fault: MixedFault) => void = () => {},
): NonNullable<FaultQueues['random']> {
  const streams: Record<FaultTarget, () => number> = {
    graphql: seededRandom(seed ^ 0x9e3779b9),
    token: seededRandom(seed ^ 0x85ebca6b),
  };
  return (target) => {
    const rate = rates[target] ?? 0;
    if (rate <= 0) return undefined;
    const random = streams[target];
    // Two draws per request, even when the first says no fault, so the sequence depends only on
    // the number of requests.
    const hit = random() < rate;
    const picked = FAULT_MIX[Math.floor(random() * FAULT_MIX.length)];
    if (!hit || !picked) return undefined;
    onFault(target, picked);
    return (target === 'token' && picked.tokenFault) || picked.fault;
  };
}
