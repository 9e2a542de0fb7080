import { describe, expect, it } from 'vitest';
import { redact, redactDeep } from '../src/internal.js';
import { echoedForms } from './secret-forms.js';

const JWT = 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJhcHAifQ.c2lnbmF0dXJlLXZhbHVl';
const SECRET = 'a+b/c==SeCrEt_9x7Q';
const TOKEN = 'Opaque/Tok+7h3Fq9ZkP2mXw8LrT5=';
const ODD_SECRET = `p&ss"w<rd>'+ş€😀\\x`;

describe('redact', () => {
  it.each([
    ['a client secret', SECRET],
    ['an opaque access token', TOKEN],
    ['a secret with HTML and JSON specials and non-ASCII letters', ODD_SECRET],
  ])(
    'redacts %s in every form a server may echo it, and leaves the text around it alone',
    (_, value) => {
      const missed = echoedForms(value).filter(
        ([, form]) => redact(`before ${form} after`, [value]) !== 'before [redacted] after',
      );
      expect(missed.map(([how]) => how)).toEqual([]);
    },
  );

  it.each([
    ['JSON-escaped /', '{"message":"bad client_secret a+b\\/c==SeCrEt_9x7Q"}'],
    ['JSON-escaped +', '{"message":"bad secret a\\u002bb/c==SeCrEt_9x7Q"}'],
    ['+ read as a space, then percent-encoded', 'bad secret a%20b%2Fc%3D%3DSeCrEt_9x7Q'],
    ['form-encoded, lowercase hex', 'client_secret=a%2bb%2fc%3d%3dSeCrEt_9x7Q'],
    ['percent-encoded twice', 'next=a%252Bb%252Fc%253D%253DSeCrEt_9x7Q'],
    ['an HTML reference for /', '<p>a+b&#x2F;c==SeCrEt_9x7Q</p>'],
  ])('redacts a secret echoed %s', (_, body) => {
    expect(redact(body, [SECRET])).not.toMatch(/SeCrEt/);
  });

  it('leaves a near miss alone in every form: only the secret itself is redacted', () => {
    const nearMiss = `${SECRET.slice(0, -1)}R`;
    const touched = echoedForms(nearMiss).filter(
      ([, form]) => redact(`before ${form} after`, [SECRET]) !== `before ${form} after`,
    );
    expect(touched.map(([how]) => how)).toEqual([]);
  });

  it('redacts JWT-shaped runs and Bearer credentials, leaving prose alone', () => {
    expect(redact(`token ${JWT} end`, [])).toBe('token [redacted] end');
    expect(redact('Authorization: bearer abc123, next', [])).toBe(
      'Authorization: bearer [redacted], next',
    );
    expect(redact('see example.com.tr and v1.2.3', [])).toBe('see example.com.tr and v1.2.3');
  });

  it('redacts a whole dotted chain longer than three segments', () => {
    const chain = `${'a'.repeat(8)}.${'b'.repeat(8)}.${'c'.repeat(8)}.${'d'.repeat(8)}.${'e'.repeat(8)}`;
    expect(redact(`x ${chain} y`, [])).toBe('x [redacted] y');
  });

  it('redacts a 1 MB adversarial body (long alnum runs, many dots, endless Bearer spaces) in one linear pass', () => {
    // The old regex, /[\w-]{8,}\.[\w-]{8,}\.[\w-]{8,}/g, took seconds on a 40 KB run of letters
    // and would block the event loop for an hour on this body; the scanner reads each character
    // a bounded number of times.
    const longRun = `${'a1'.repeat(200_000)} `;
    const twoSegments = `${'b2'.repeat(100_000)}.${'c3'.repeat(100_000)} `;
    const shortDots = 'abcdefg.'.repeat(30_000);
    const bearer = `Bearer${' '.repeat(100_000)}`;
    const chain = 'abcdefgh.'.repeat(30_000);
    const body = `${longRun}${twoSegments}${shortDots}${bearer}x ${chain}`;
    expect(body.length).toBeGreaterThan(1_000_000);
    expect(redact(body, ['sk_live_secret'])).toBe(
      `${longRun}${twoSegments}${shortDots}${bearer}[redacted] [redacted].`,
    );
  });
});

describe('redactDeep', () => {
  it('prepares the secrets once per call, not once per string: 10,000 strings read the secret list once', () => {
    let reads = 0;
    const secrets = new Proxy([SECRET, TOKEN], {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver);
      },
    });
    const items = Array.from({ length: 10_000 }, (_, i) => ({
      id: `p${i}`,
      name: i % 1_000 === 0 ? `echo ${SECRET}` : `Product ${i}`,
    }));
    const redacted = redactDeep({ listProduct: { data: items } }, secrets);
    expect(reads).toBe(2);
    expect(JSON.stringify(redacted)).not.toContain('SeCrEt');
  });

  it('cuts a value nested 100,000 levels deep instead of overflowing the stack', () => {
    const deep = JSON.parse(`${'{"a":'.repeat(100_000)}"${SECRET}"${'}'.repeat(100_000)}`);
    const redacted = JSON.stringify(redactDeep(deep, [SECRET]));
    expect(redacted).toContain('[redacted]');
    expect(redacted.length).toBeLessThan(1_000);
  });

  it('redacts every nested string, keys included, and leaves other values as they are', () => {
    const value = {
      message: 'bad sk_live_secret',
      extensions: { code: 'X', echo: ['ok', { deep: `Bearer ${JWT}` }], sk_live_secret: 1, n: 2 },
    };
    expect(redactDeep(value, ['sk_live_secret'])).toEqual({
      message: 'bad [redacted]',
      extensions: { code: 'X', echo: ['ok', { deep: 'Bearer [redacted]' }], '[redacted]': 1, n: 2 },
    });
  });
});
