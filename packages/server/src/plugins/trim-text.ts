import { sharedPlugin } from '../lib/shared-plugin.js';

/** Secrets are taken exactly as typed. */
const UNTRIMMED = new Set(['password', 'token']);

function trim(value: unknown): unknown {
  if (typeof value === 'string') return value.trim();
  if (Array.isArray(value)) return value.map(trim);
  return value;
}

/** API.md: text fields are trimmed, before validation, so `'  '` is as empty as `''`. */
export const trimText = sharedPlugin('trim-text', async (app) => {
  app.addHook('preValidation', async (request) => {
    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
    for (const [key, value] of Object.entries(body)) {
      if (!UNTRIMMED.has(key)) (body as Record<string, unknown>)[key] = trim(value);
    }
  });
});
