import { generateCode, maskCode } from '../../../src/modules/codes/code-format.js';
import { CODE_ALPHABET, normalizeCode } from '@app/contract';

describe('activation code format', () => {
  it('uses 32 upper-case letters and digits without 0 O 1 I', () => {
    expect(CODE_ALPHABET).toHaveLength(32);
    expect(new Set(CODE_ALPHABET).size).toBe(32);
    for (const confusable of '0O1I') expect(CODE_ALPHABET).not.toContain(confusable);
    expect(CODE_ALPHABET).toMatch(/^[A-Z2-9]+$/);
  });

  it('makes 16-character codes that the database CHECK accepts, using the whole alphabet', () => {
    const codes = Array.from({ length: 2000 }, generateCode);
    for (const code of codes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{16}$/);
    expect(new Set(codes).size).toBe(codes.length);
    const seen = new Set(codes.join(''));
    expect([...CODE_ALPHABET].filter((c) => !seen.has(c))).toEqual([]);
  });

  it('spreads the characters evenly (no modulo bias): each within 15 % of 1/32', () => {
    const counts = new Map<string, number>();
    const codes = Array.from({ length: 4000 }, generateCode).join('');
    for (const c of codes) counts.set(c, (counts.get(c) ?? 0) + 1);
    const expected = codes.length / 32;
    for (const c of CODE_ALPHABET) {
      expect([c, Math.abs((counts.get(c) ?? 0) - expected) / expected < 0.15]).toEqual([c, true]);
    }
  });

  it.each([
    ['ABCDEFGHJKLMNPQR', 'ABCDEFGHJKLMNPQR'],
    ['abcdefghjklmnpqr', 'ABCDEFGHJKLMNPQR'],
    ['ABCD-EFGH-JKLM-NPQR', 'ABCDEFGHJKLMNPQR'],
    ['abcd efgh jklm npqr', 'ABCDEFGHJKLMNPQR'],
    [' ABCD--EFGH \t JKLM–NPQR ', 'ABCDEFGHJKLMNPQR'],
    ['ＡＢＣＤ－ＥＦＧＨ\u3000ＪＫＬＭ－ＮＰＱＲ', 'ABCDEFGHJKLMNPQR'],
    ['23456789ABCDEFGH', '23456789ABCDEFGH'],
  ])('normalizes %j to %j', (input, code) => {
    expect(normalizeCode(input)).toBe(code);
  });

  it.each(['', 'ABCDEFGHJKLMNPQ', 'ABCDEFGHJKLMNPQRS', 'ABCDEFGHJKLMNPQ0', 'ABCDEFGHJKLMNPQO', 'ABCDEFGHJKLMNPQ1', 'ABCDEFGHJKLMNPQI', 'ABCD_EFGH_JKLM_NP', "' OR 1=1 --       ", 'ABCDEFGHJKLMNPQ\u00e9'])(
    'refuses %j',
    (input) => {
      expect(normalizeCode(input)).toBeNull();
    },
  );

  it('masks all but the first and last 4 characters', () => {
    expect(maskCode('ABCDEFGHJKLMWXYZ')).toBe('ABCD********WXYZ');
  });
});
