/**
 * docs/api.md, rendered from the server's own OpenAPI document (`GET /docs/json`): the API
 * reference the repository keeps beside its code. `npm run docs:api` writes it
 * (src/docs/write-api-docs.ts); test/docs/api-docs.test.ts fails when the file is stale.
 */

/** The parts of an OpenAPI 3 document this renders. */
export interface OpenApiDocument {
  info: { title: string; version: string; description?: string };
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
}

interface Operation {
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
}

export interface Schema {
  type?: string | string[];
  title?: string;
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  nullable?: boolean;
  anyOf?: Schema[];
  oneOf?: Schema[];
  additionalProperties?: boolean | Schema;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export interface RenderOptions {
  /** Patterns shown by name instead of as a regular expression (e.g. the text fields' one). */
  namedPatterns?: Record<string, string>;
}

type Names = Record<string, string>;

export function renderApiMarkdown(doc: OpenApiDocument, options: RenderOptions = {}): string {
  const names: Names = options.namedPatterns ?? {};
  const out: string[] = [];
  out.push(`# ${doc.info.title} — HTTP reference`, '');
  out.push(
    '> Generated from the server\'s OpenAPI document (`GET /docs/json`) by `npm run docs:api`; edit the route',
    '> schemas in `packages/server/src/routes/` and regenerate. A test fails when this file is stale.',
    '',
  );
  out.push(`Server version ${doc.info.version}.`, '');
  if (doc.info.description) out.push(doc.info.description.trim(), '');

  const operations = listOperations(doc);
  const tags = (doc.tags ?? []).filter((tag) => operations.some((op) => op.tag === tag.name));
  const untagged = operations.filter((op) => !tags.some((tag) => tag.name === op.tag));

  out.push('## Calls', '');
  for (const tag of tags) {
    out.push(`- ${tag.description ?? tag.name} (\`${tag.name}\`)`);
    for (const op of operations.filter((o) => o.tag === tag.name)) out.push(`  - [${op.method.toUpperCase()} ${op.path}](#${anchor(op)}) ${op.operation.summary ?? ''}`.trimEnd());
  }
  for (const op of untagged) out.push(`- [${op.method.toUpperCase()} ${op.path}](#${anchor(op)}) ${op.operation.summary ?? ''}`.trimEnd());
  out.push('');

  for (const tag of tags) {
    out.push(`## ${tag.description ?? tag.name} (\`${tag.name}\`)`, '');
    for (const op of operations.filter((o) => o.tag === tag.name)) out.push(...renderOperation(op, names));
  }
  if (untagged.length > 0) {
    out.push('## Other', '');
    for (const op of untagged) out.push(...renderOperation(op, names));
  }
  return `${out.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd()}\n`;
}

interface Listed {
  method: string;
  path: string;
  tag: string | undefined;
  operation: Operation;
}

function listOperations(doc: OpenApiDocument): Listed[] {
  const listed: Listed[] = [];
  for (const path of Object.keys(doc.paths).sort()) {
    const item = doc.paths[path]!;
    for (const method of METHODS) {
      const operation = item[method];
      if (operation) listed.push({ method, path, tag: operation.tags?.[0], operation });
    }
  }
  return listed;
}

/** A heading anchor GitHub makes from `METHOD /path`: lower case, spaces to '-', other punctuation dropped. */
function anchor(op: Listed): string {
  return `${op.method} ${op.path}`.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

function renderOperation(op: Listed, names: Names): string[] {
  const { operation } = op;
  const out = [`### ${op.method.toUpperCase()} ${op.path}`, ''];
  if (operation.summary) out.push(`**${operation.summary}**`, '');
  if (operation.description) out.push(operation.description.trim(), '');

  const parameters = operation.parameters ?? [];
  if (parameters.length > 0) {
    out.push('Parameters:', '', '| name | in | type | required | rules | meaning |', '|---|---|---|---|---|---|');
    for (const p of parameters) {
      const schema = p.schema ?? {};
      out.push(row([`\`${p.name}\``, p.in, typeOf(schema), p.required ? 'yes' : '', rules(schema, names), meaning({ ...schema, description: p.description ?? schema.description })]));
    }
    out.push('');
  }

  const body = firstSchema(operation.requestBody?.content);
  if (body) {
    const type = Object.keys(operation.requestBody?.content ?? {})[0];
    out.push(`Request body (\`${type}\`):`, '');
    out.push(...fieldTable(body, true, names));
  }

  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    const schema = firstSchema(response.content);
    const data = schema && isEnvelope(schema) ? schema.properties!.data : undefined;
    if (data) {
      out.push(`Answer ${status}: the envelope \`{ rspCode, rspMsg, data }\`${response.description && response.description !== 'Default Response' ? ` — ${oneLine(response.description)}` : ''}; \`data\`:`, '');
      out.push(...fieldTable(data, false, names));
    } else if (schema && isEnvelope(schema)) {
      out.push(`Answer ${status}: the envelope \`{ rspCode, rspMsg }\` with no \`data\`.`, '');
    } else {
      const what = response.description && response.description !== 'Default Response' ? oneLine(response.description) : '';
      const shape = schema?.properties ? ` \`{ ${Object.keys(schema.properties).join(', ')} }\`` : '';
      out.push(`Answer ${status}:${shape}${what ? ` — ${what}` : ''}`, '');
    }
  }
  return out;
}

function isEnvelope(schema: Schema): boolean {
  return Boolean(schema.properties?.rspCode && schema.properties.rspMsg);
}

function firstSchema(content: Record<string, { schema?: Schema }> | undefined): Schema | undefined {
  return content ? Object.values(content)[0]?.schema : undefined;
}

/** The fields of an object (nested ones as `a.b`, array items as `a[].b`), or the one value's type. */
function fieldTable(schema: Schema, withRequired: boolean, names: Names): string[] {
  const rows: string[][] = [];
  collect(schema, '', names, rows);
  if (rows.length === 0) return [`${typeOf(schema)}${schema.description ? ` — ${oneLine(schema.description)}` : ''}`, ''];
  const head = withRequired ? ['field', 'type', 'required', 'rules', 'meaning'] : ['field', 'type', 'rules', 'meaning'];
  return [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map((r) => row(withRequired ? r : [r[0]!, r[1]!, r[3]!, r[4]!])),
    '',
  ];
}

function collect(schema: Schema, prefix: string, names: Names, rows: string[][]): void {
  const object = schema.properties ? schema : undefined;
  if (!object) {
    if (schema.items?.properties) collect(schema.items, `${prefix}[]`, names, rows);
    return;
  }
  for (const [name, property] of Object.entries(object.properties!)) {
    const path = prefix ? `${prefix}.${name}` : name;
    const required = object.required?.includes(name) ?? false;
    rows.push([`\`${path}\``, typeOf(property), required ? 'yes' : '', rules(property, names), meaning(property)]);
    if (property.properties) collect(property, path, names, rows);
    else if (property.items?.properties) collect(property.items, `${path}[]`, names, rows);
  }
}

function typeOf(schema: Schema): string {
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map(typeOf).join(' | ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  let text = types.map((t) => (t === 'array' ? `${schema.items ? typeOf(schema.items) : 'any'}[]` : t)).join(' | ') || (schema.properties ? 'object' : 'any');
  if (schema.nullable) text += ' | null';
  return text;
}

function rules(schema: Schema, names: Names): string {
  const parts: string[] = [];
  if (schema.enum) parts.push(`one of ${schema.enum.map((v) => `\`${String(v)}\``).join(', ')}`);
  if (schema.minLength !== undefined && schema.maxLength !== undefined) parts.push(`${schema.minLength}–${schema.maxLength} characters`);
  else if (schema.maxLength !== undefined) parts.push(`at most ${schema.maxLength} characters`);
  else if (schema.minLength !== undefined) parts.push(`at least ${schema.minLength} characters`);
  if (schema.minimum !== undefined && schema.maximum !== undefined) parts.push(`${schema.minimum}–${schema.maximum}`);
  else if (schema.minimum !== undefined) parts.push(`≥ ${schema.minimum}`);
  else if (schema.maximum !== undefined) parts.push(`≤ ${schema.maximum}`);
  if (schema.minItems !== undefined || schema.maxItems !== undefined) parts.push(`${schema.minItems ?? 0}–${schema.maxItems ?? '∞'} items`);
  if (schema.default !== undefined) parts.push(`default \`${JSON.stringify(schema.default)}\``);
  if (schema.format) parts.push(`format ${schema.format}`);
  if (schema.pattern) parts.push(names[schema.pattern] ?? `pattern \`${schema.pattern}\``);
  return parts.join('; ');
}

function meaning(schema: Schema): string {
  return [schema.title, schema.description].filter(Boolean).map((s) => oneLine(String(s))).join(' — ');
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}

function row(cells: string[]): string {
  return `| ${cells.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`;
}
