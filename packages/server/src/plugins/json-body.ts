import { appPlugin } from '../lib/app-plugin.js';

/**
 * How deep a JSON body may nest: the API's bodies are flat objects (a template's `params` adds a
 * level or two), so this leaves ample room and still keeps pathological bodies (a megabyte of `[`)
 * away from every later step — the schema check, hooks and handlers never see them.
 */
export const MAX_JSON_DEPTH = 32;

/** A JSON body nested deeper than MAX_JSON_DEPTH (answered 400 by plugins/error-handler). */
export class JsonTooDeepError extends Error {
  readonly code = 'APP_JSON_TOO_DEEP';
  readonly statusCode = 400;
  constructor() {
    super(`JSON body nested deeper than ${MAX_JSON_DEPTH} levels`);
  }
}

/** Fastify's own JSON parser (prototype-poisoning checks, empty and malformed bodies) behind a depth check. */
export const jsonBody = appPlugin('json-body', async (app) => {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const json = body as string; // parseAs: string
    if (nestsDeeperThan(json, MAX_JSON_DEPTH)) {
      done(new JsonTooDeepError(), undefined);
      return;
    }
    parse(request, json, done);
  });
});

/** Whether `json` opens more than `max` arrays or objects inside one another (one pass, strings skipped). */
export function nestsDeeperThan(json: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < json.length; i += 1) {
    const c = json.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i += 1;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth -= 1;
    }
  }
  return false;
}
