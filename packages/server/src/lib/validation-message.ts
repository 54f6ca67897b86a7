/**
 * Turns the first schema-validation error into a short Chinese `rspMsg` that names the field
 * (docs/api.md "Conventions": rspCode 2, "rspMsg names the field").
 *
 * A property schema may carry a Chinese `title` (e.g. `{ type: 'string', maxLength: 30, title: '标题' }`);
 * the message then reads `标题不能超过 30 个字` instead of `参数 title 不能超过 30 个字`.
 * Titles reach us because the app's ajv runs with `verbose: true` (it adds `parentSchema`).
 */

import { NO_C0_CONTROL_CHARS, NO_CONTROL_CHARS, refusedCharMessage } from '@app/contract';

/** The parts of an ajv error this module reads (fastify's FastifySchemaValidationError plus verbose fields). */
export interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  parentSchema?: unknown;
  /** The value that failed (verbose). */
  data?: unknown;
}

export function validationMessage(errors: readonly SchemaError[]): string {
  const error = errors[0];
  if (error === undefined) return '参数格式不正确';
  const { keyword, params } = error;
  const path = fieldPath(error.instancePath);

  if (keyword === 'required') {
    const missing = String(params.missingProperty);
    const fullPath = path === '' ? missing : `${path}.${missing}`;
    const title = titleOf(propertySchema(error.parentSchema, missing));
    return title === undefined ? `缺少参数 ${fullPath}` : `${title}不能为空`;
  }

  const title = titleOf(error.parentSchema);
  // Latin field names are set off by spaces, as Chinese typesetting does: `参数 name 格式不正确`.
  const subject = title ?? (path === '' ? '请求参数' : `参数 ${path} `);
  const limit = params.limit;

  switch (keyword) {
    case 'maxLength':
      return `${subject}不能超过 ${String(limit)} 个字`;
    case 'minLength':
      return limit === 1 ? `${subject}不能为空` : `${subject}不能少于 ${String(limit)} 个字`;
    case 'maximum':
    case 'exclusiveMaximum':
      return `${subject}不能大于 ${String(limit)}`;
    case 'minimum':
    case 'exclusiveMinimum':
      return `${subject}不能小于 ${String(limit)}`;
    case 'maxItems':
      return `${subject}最多 ${String(limit)} 项`;
    case 'minItems':
      return `${subject}至少 ${String(limit)} 项`;
    case 'pattern':
      if (params.pattern !== NO_CONTROL_CHARS && params.pattern !== NO_C0_CONTROL_CHARS) return `${subject}格式不正确`;
      // Which kind of character it is (verbose errors carry the value): 控制字符, 不可见字符 or 无效字符.
      return `${subject}${(typeof error.data === 'string' && refusedCharMessage(error.data)) || '不能包含控制字符'}`;
    case 'enum':
      return `${subject}只能是 ${(params.allowedValues as unknown[]).map(String).join('、')}`;
    default:
      return `${subject}格式不正确`;
  }
}

/** `/images/0` → `images.0` (JSON pointer unescaped); the root is ''. */
function fieldPath(instancePath: string): string {
  return instancePath
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

function propertySchema(objectSchema: unknown, property: string): unknown {
  if (!isRecord(objectSchema) || !isRecord(objectSchema.properties)) return undefined;
  return objectSchema.properties[property];
}

function titleOf(schema: unknown): string | undefined {
  return isRecord(schema) && typeof schema.title === 'string' && schema.title !== '' ? schema.title : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
