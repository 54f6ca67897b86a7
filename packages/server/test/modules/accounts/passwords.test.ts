import { hashPassword, verifyPassword } from '../../../src/modules/accounts/passwords.js';

describe('password hashes', () => {
  it('are scrypt with their parameters, a 16-byte salt and a 32-byte hash', async () => {
    const stored = await hashPassword('secret123');
    const [scheme, n, r, p, salt, hash] = stored.split('$');
    expect([scheme, n, r, p]).toEqual(['scrypt', '16384', '8', '1']);
    expect(Buffer.from(salt!, 'base64')).toHaveLength(16);
    expect(Buffer.from(hash!, 'base64')).toHaveLength(32);
  });

  it('are salted: the same password hashes differently each time', async () => {
    const [a, b] = await Promise.all([hashPassword('secret123'), hashPassword('secret123')]);
    expect(a).not.toBe(b);
  });

  it('verify the password they were made from, and no other', async () => {
    const stored = await hashPassword('Secret 123');
    await expect(verifyPassword('Secret 123', stored)).resolves.toBe(true);
    for (const other of ['secret 123', 'Secret 123 ', 'Secret123', '', 'Secret 1234']) {
      await expect(verifyPassword(other, stored)).resolves.toBe(false);
    }
  });

  it('take a composed and a decomposed é as the same password', async () => {
    const stored = await hashPassword('caf\u00e9-pass');
    await expect(verifyPassword('cafe\u0301-pass', stored)).resolves.toBe(true);
  });

  it('verify with the parameters stored, so a hash made with others still checks', async () => {
    // A hash made with N=1024, r=8, p=1, salt "0123456789abcdef", password "old-password".
    const { scryptSync } = await import('node:crypto');
    const salt = Buffer.from('0123456789abcdef');
    const hash = scryptSync('old-password', salt, 24, { N: 1024, r: 8, p: 1 });
    const stored = `scrypt$1024$8$1$${salt.toString('base64')}$${hash.toString('base64')}`;
    await expect(verifyPassword('old-password', stored)).resolves.toBe(true);
    await expect(verifyPassword('new-password', stored)).resolves.toBe(false);
  });

  it('never match a malformed stored value', async () => {
    for (const stored of ['', 'secret123', 'bcrypt$10$abc', 'scrypt$16384$8$1$$', 'scrypt$x$8$1$AAAA$AAAA']) {
      await expect(verifyPassword('secret123', stored)).resolves.toBe(false);
    }
  });
});
