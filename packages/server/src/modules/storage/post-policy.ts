import { createHmac, timingSafeEqual } from 'node:crypto';

// A POST policy in the grammar S3 and OSS share: `{ expiration, conditions }`, base64-encoded and
// signed. The embedded store issues and checks these; its checks follow the same rules a bucket
// applies, so an app written against one store works against the other.

/**
 * `{ "key": "…" }` exact match; `["eq" | "starts-with", "$field", value]`; OSS's
 * `["in", "$field", [values]]`; `["content-length-range", min, max]` (bytes, inclusive).
 */
export type PolicyCondition =
  | Record<string, string>
  | ['eq' | 'starts-with', string, string]
  | ['in', string, string[]]
  | ['content-length-range', number, number];

export interface PolicyDocument {
  /** ISO 8601; the policy is refused from this instant on. */
  expiration: string;
  conditions: PolicyCondition[];
}

export function encodePolicy(document: PolicyDocument): string {
  return Buffer.from(JSON.stringify(document), 'utf8').toString('base64');
}

/** HMAC-SHA256 of the base64 policy text (as sent), hex. */
export function signPolicy(policy: string, secret: Buffer): string {
  return createHmac('sha256', secret).update(policy, 'utf8').digest('hex');
}

export function hasValidSignature(policy: string, signature: string, secret: Buffer): boolean {
  const expected = Buffer.from(signPolicy(policy, secret), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The policy a base64 text holds, or null when it is not one (checked after the signature). */
export function decodePolicy(policy: string): PolicyDocument | null {
  let document: unknown;
  try {
    document = JSON.parse(Buffer.from(policy, 'base64').toString('utf8'));
  } catch {
    return null;
  }
  if (!isRecord(document) || typeof document.expiration !== 'string' || Number.isNaN(Date.parse(document.expiration))) {
    return null;
  }
  const conditions = document.conditions;
  if (!Array.isArray(conditions) || !conditions.every(isCondition)) return null;
  return { expiration: document.expiration, conditions };
}

/**
 * The first condition the form breaks, or undefined when it keeps them all. `form` holds the
 * posted fields by name (names compare without case, as S3 does); `size` is the file's, once known
 * — before that, content-length-range is not judged.
 */
export function brokenCondition(conditions: PolicyCondition[], form: Record<string, string>, size?: number): PolicyCondition | undefined {
  const values = new Map(Object.entries(form).map(([name, value]) => [name.toLowerCase(), value]));
  const valueOf = (field: string) => values.get(field.replace(/^\$/, '').toLowerCase());
  return conditions.find((condition) => {
    if (!Array.isArray(condition)) return Object.entries(condition).some(([field, value]) => valueOf(field) !== value);
    switch (condition[0]) {
      case 'eq':
        return valueOf(condition[1]) !== condition[2];
      case 'starts-with':
        return !(valueOf(condition[1]) ?? '').startsWith(condition[2]);
      case 'in':
        return !condition[2].includes(valueOf(condition[1]) ?? '');
      case 'content-length-range':
        return size !== undefined && (size < condition[1] || size > condition[2]);
    }
  });
}

/** The size range a policy allows, or null when it sets none. */
export function contentLengthRange(conditions: PolicyCondition[]): { min: number; max: number } | null {
  for (const condition of conditions) {
    if (Array.isArray(condition) && condition[0] === 'content-length-range') return { min: condition[1], max: condition[2] };
  }
  return null;
}

/** The field a condition is about (`key`, `content-type`, …), lower case; '' for a size range. */
export function conditionField(condition: PolicyCondition): string {
  const field = Array.isArray(condition) ? (condition[0] === 'content-length-range' ? '' : condition[1]) : (Object.keys(condition)[0] ?? '');
  return field.replace(/^\$/, '').toLowerCase();
}

function isCondition(value: unknown): value is PolicyCondition {
  if (isRecord(value) && !Array.isArray(value)) {
    const entries = Object.entries(value);
    return entries.length === 1 && entries.every(([, v]) => typeof v === 'string');
  }
  if (!Array.isArray(value) || value.length !== 3) return false;
  const [operator, a, b] = value as unknown[];
  switch (operator) {
    case 'eq':
    case 'starts-with':
      return typeof a === 'string' && typeof b === 'string';
    case 'in':
      return typeof a === 'string' && Array.isArray(b) && b.every((v) => typeof v === 'string');
    case 'content-length-range':
      return Number.isSafeInteger(a) && Number.isSafeInteger(b);
    default:
      return false;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
