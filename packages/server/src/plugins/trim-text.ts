import type { FastifySchema } from 'fastify';
import { appPlugin } from '../lib/app-plugin.js';

/** Secrets are taken exactly as typed. */
const UNTRIMMED = new Set(['password', 'token']);

type Schema = { type?: unknown; properties?: Record<string, Schema>; items?: Schema };

/**
 * docs/api.md "Conventions": text fields are trimmed, before validation, so `'  '` is as empty as `''`.
 *
 * Only the strings the route's body schema declares are trimmed — its string properties, the
 * strings of its arrays of strings, the same inside declared objects — so the walk follows the
 * schema (a few levels, written here) and never the body: a body nested 100 000 levels deep costs
 * nothing here, and the schema refuses it (plugins/json-body refuses it earlier still).
 */
export const trimText = appPlugin('trim-text', async (app) => {
  app.addHook('preValidation', async (request) => {
    const schema = (request.routeOptions.schema as FastifySchema | undefined)?.body as Schema | undefined;
    if (schema !== undefined) trimObject(request.body, schema, true);
  });
});

function trimObject(value: unknown, schema: Schema, atRoot: boolean): void {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || schema.properties === undefined) return;
  const object = value as Record<string, unknown>;
  for (const [key, property] of Object.entries(schema.properties)) {
    if (atRoot && UNTRIMMED.has(key)) continue;
    if (Object.hasOwn(object, key)) object[key] = trimValue(object[key], property);
  }
}

function trimValue(value: unknown, schema: Schema): unknown {
  if (schema.type === 'string') return typeof value === 'string' ? value.trim() : value;
  if (schema.type === 'array' && schema.items?.type === 'string' && Array.isArray(value)) {
    return value.map((item) => (typeof item === 'string' ? item.trim() : item));
  }
  if (schema.type === 'object') trimObject(value, schema, false);
  return value;
}
