import { randomInt } from 'node:crypto';

/** Upper-case letters and digits without 0 O 1 I, which read alike (the DB CHECK holds the same set). */
export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const CODE_LENGTH = 16;
const WELL_FORMED = /^[A-HJ-NP-Z2-9]{16}$/;

/** 16 characters drawn with the cryptographic generator: 32^16 = 2^80 possible codes. */
export function generateCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/**
 * A code as a user may type it (lower case, grouped with spaces or dashes) in its stored form,
 * or null when it cannot be a code at all.
 */
export function normalizeCode(input: string): string | null {
  // NFKC folds full-width letters, digits, spaces and dashes (a Chinese keyboard's) to ASCII.
  const code = input.normalize('NFKC').replace(/[\s\-\u2010-\u2015]+/g, '').toUpperCase();
  return WELL_FORMED.test(code) ? code : null;
}

/** How exchange records show a code: `ABCD********WXYZ`. */
export function maskCode(code: string): string {
  return `${code.slice(0, 4)}${'*'.repeat(code.length - 8)}${code.slice(-4)}`;
}
