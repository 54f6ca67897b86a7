import {
  brokenCondition,
  contentLengthRange,
  decodePolicy,
  encodePolicy,
  hasValidSignature,
  signPolicy,
  type PolicyCondition,
} from '../../../src/modules/storage/post-policy.js';

const secret = Buffer.alloc(32, 7);
const conditions: PolicyCondition[] = [
  { key: 'users/1/image/abc' },
  ['starts-with', '$key', 'users/1/'],
  ['content-length-range', 1, 100],
  ['in', '$Content-Type', ['image/jpeg', 'image/png']],
];

describe('POST policy', () => {
  it('round-trips through base64 and verifies only its own signature', () => {
    const policy = encodePolicy({ expiration: '2030-01-01T00:00:00.000Z', conditions });
    expect(decodePolicy(policy)).toEqual({ expiration: '2030-01-01T00:00:00.000Z', conditions });
    const signature = signPolicy(policy, secret);
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(hasValidSignature(policy, signature, secret)).toBe(true);
    expect(hasValidSignature(policy, signature, Buffer.alloc(32, 8))).toBe(false);
    expect(hasValidSignature(policy + 'A', signature, secret)).toBe(false);
    expect(hasValidSignature(policy, signature.slice(0, -1), secret)).toBe(false);
    expect(hasValidSignature(policy, '', secret)).toBe(false);
  });

  it.each([
    ['not base64 JSON', 'not json at all'],
    ['no expiration', encodePolicy({ conditions } as never)],
    ['a bad date', encodePolicy({ expiration: 'soon', conditions })],
    ['an unknown operator', encodePolicy({ expiration: '2030-01-01T00:00:00Z', conditions: [['matches', '$key', '.*']] as never })],
    ['a size that is not a number', encodePolicy({ expiration: '2030-01-01T00:00:00Z', conditions: [['content-length-range', '1', 5]] as never })],
  ])('refuses to decode %s', (_name, policy) => {
    expect(decodePolicy(policy)).toBeNull();
  });

  it('finds the broken condition, as a bucket would', () => {
    const form = { key: 'users/1/image/abc', 'Content-Type': 'image/png' };
    expect(brokenCondition(conditions, form, 50)).toBeUndefined();
    expect(brokenCondition(conditions, { ...form, KEY: 'users/1/image/abc' }, 50)).toBeUndefined();
    expect(brokenCondition(conditions, { ...form, key: 'users/1/image/other' })).toEqual({ key: 'users/1/image/abc' });
    expect(brokenCondition(conditions.slice(1), { ...form, key: 'users/2/image/abc' })).toEqual(['starts-with', '$key', 'users/1/']);
    expect(brokenCondition(conditions, { ...form, 'Content-Type': 'text/html' })).toEqual(conditions[3]);
    expect(brokenCondition(conditions, form, 101)).toEqual(['content-length-range', 1, 100]);
    expect(brokenCondition(conditions, form, 0)).toEqual(['content-length-range', 1, 100]);
    expect(brokenCondition([['eq', '$key', 'x']], {})).toEqual(['eq', '$key', 'x']);
  });

  it('tells the size range', () => {
    expect(contentLengthRange(conditions)).toEqual({ min: 1, max: 100 });
    expect(contentLengthRange([{ key: 'x' }])).toBeNull();
  });
});
