import { describe, expect, it } from 'vitest';
import { bodyExcerpt } from '../src/internal.js';

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
