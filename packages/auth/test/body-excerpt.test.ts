import { describe, expect, it } from 'vitest';
import { bodyExcerpt } from '../src/internal.js';
import { echoedForms } from './secret-forms.js';

const SECRET = 'sk_live_0123456789abcdef';

describe('bodyExcerpt', () => {
  it('flattens whitespace and cuts to the length with an ellipsis', () => {
    expect(bodyExcerpt('<html>\n  <body>  hi </body>\n</html>', [], 12)).toBe('<html> <body…');
  });

  it('leaves no beginning of a secret that straddles the cut', () => {
    const body = `${'x'.repeat(10)}${SECRET}`;
    const excerpt = bodyExcerpt(body, [SECRET], 15);
    expect(excerpt).not.toContain('sk_li');
    expect(excerpt).toBe(`${'x'.repeat(10)}[reda…`);
  });

  it('leaves no beginning of a JWT-shaped token that straddles the cut', () => {
    const token = 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJhcHAifQ.c2lnbmF0dXJlLXZhbHVl';
    expect(bodyExcerpt(`token ${token}`, [], 30)).not.toContain('eyJhbGci');
  });
});

describe('bodyExcerpt of a body cut at a read limit', () => {
  // Short values: every cut of every form is tried, so the work grows with the square of the length.
  it.each([
    ['a client secret', 'a+b/c==S3cr'],
    ['an opaque access token', 'Tok/7h+3Fq='],
    ['a secret with HTML and JSON specials and non-ASCII letters', `p&s"<>'+ş€😀\\x`],
  ])(
    'leaves no beginning of %s the cut left at the end, in any form, wherever the cut falls',
    (_, value) => {
      const leaks: string[] = [];
      for (const [how, form] of echoedForms(value)) {
        for (let cut = 1; cut < form.length; cut++) {
          const excerpt = bodyExcerpt(
            `bad client_secret=${form.slice(0, cut)}`,
            [value],
            300,
            true,
          );
          if (excerpt !== 'bad client_secret=[redacted]')
            leaks.push(`${how} cut at ${cut}: ${excerpt}`);
        }
      }
      expect(leaks).toEqual([]);
    },
  );

  it('leaves no beginning of a JWT the cut left at the end', () => {
    const cutJwt = 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJhcHAifQ.c2lu';
    expect(bodyExcerpt(`token ${cutJwt}`, [], 300, true)).toBe('token [redacted]');
  });

  it('keeps the end of a body that was read whole', () => {
    expect(bodyExcerpt('bad client_secret=a+b', ['a+b/c==SeCrEt_9x7Q'], 300)).toBe(
      'bad client_secret=a+b',
    );
  });
});
