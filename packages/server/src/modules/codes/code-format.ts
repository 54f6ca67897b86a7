import { randomInt } from 'node:crypto';
import { CODE_ALPHABET, CODE_LENGTH } from '@app/contract';

/** 16 characters drawn with the cryptographic generator: 32^16 = 2^80 possible codes (the DB CHECK holds the same set). */
export function generateCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** How exchange records show a code: `ABCD********WXYZ`. */
export function maskCode(code: string): string {
  return `${code.slice(0, 4)}${'*'.repeat(code.length - 8)}${code.slice(-4)}`;
}
