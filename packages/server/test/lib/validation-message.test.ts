import { NO_C0_CONTROL_CHARS, NO_CONTROL_CHARS } from '@app/contract';
import { validationMessage, type SchemaError } from '../../src/lib/validation-message.js';

const error = (keyword: string, instancePath: string, params: Record<string, unknown>, parentSchema?: unknown): SchemaError => ({
  keyword,
  instancePath,
  params,
  parentSchema,
});

describe('validationMessage', () => {
  it('names a missing field', () => {
    expect(validationMessage([error('required', '', { missingProperty: 'name' })])).toBe('缺少参数 name');
  });

  it('names a missing nested field by its path', () => {
    expect(validationMessage([error('required', '/filter', { missingProperty: 'status' })])).toBe('缺少参数 filter.status');
  });

  it('uses the Chinese title of a missing field', () => {
    const objectSchema = { properties: { title: { type: 'string', title: '标题' } } };
    expect(validationMessage([error('required', '', { missingProperty: 'title' }, objectSchema)])).toBe('标题不能为空');
  });

  it('says a field has the wrong format', () => {
    expect(validationMessage([error('type', '/name', { type: 'string' })])).toBe('参数 name 格式不正确');
    expect(validationMessage([error('pattern', '/phone', { pattern: '^1' })])).toBe('参数 phone 格式不正确');
    expect(validationMessage([error('type', '/images/0', { type: 'string' })])).toBe('参数 images.0 格式不正确');
  });

  it('unescapes JSON pointer segments', () => {
    expect(validationMessage([error('type', '/a~1b/c~0d', {})])).toBe('参数 a/b.c~d 格式不正确');
  });

  it('speaks of the whole request when the body itself is wrong', () => {
    expect(validationMessage([error('type', '', { type: 'object' })])).toBe('请求参数格式不正确');
  });

  it.each([
    ['maxLength', { limit: 30 }, '标题不能超过 30 个字'],
    ['minLength', { limit: 1 }, '标题不能为空'],
    ['minLength', { limit: 6 }, '标题不能少于 6 个字'],
    ['maximum', { limit: 60 }, '标题不能大于 60'],
    ['exclusiveMaximum', { limit: 60 }, '标题不能大于 60'],
    ['minimum', { limit: 5 }, '标题不能小于 5'],
    ['exclusiveMinimum', { limit: 5 }, '标题不能小于 5'],
    ['maxItems', { limit: 9 }, '标题最多 9 项'],
    ['minItems', { limit: 1 }, '标题至少 1 项'],
    ['enum', { allowedValues: ['9:16', '16:9', '1:1'] }, '标题只能是 9:16、16:9、1:1'],
  ])('explains %s %j', (keyword, params, message) => {
    expect(validationMessage([error(keyword, '/title', params, { title: '标题' })])).toBe(message);
  });

  it('sets a Latin field name off with spaces', () => {
    expect(validationMessage([error('maxLength', '/title', { limit: 30 })])).toBe('参数 title 不能超过 30 个字');
  });

  it('reads only the first error', () => {
    expect(validationMessage([error('required', '', { missingProperty: 'a' }), error('required', '', { missingProperty: 'b' })])).toBe(
      '缺少参数 a',
    );
  });

  it.each([
    ['a\u0007b', '昵称不能包含控制字符'],
    ['a\u0085b', '昵称不能包含控制字符'],
    ['a\u202eb', '昵称不能包含不可见字符'],
    ['a\u200bb', '昵称不能包含不可见字符'],
    ['a\ud800b', '昵称不能包含无效字符'],
  ])('says which kind of refused character %j holds', (data, message) => {
    const pattern = { keyword: 'pattern', instancePath: '/nickname', params: { pattern: NO_CONTROL_CHARS }, parentSchema: { title: '昵称' }, data };
    expect(validationMessage([pattern])).toBe(message);
    expect(validationMessage([{ ...pattern, params: { pattern: NO_C0_CONTROL_CHARS } }])).toBe(message);
  });

  it('still answers without errors', () => {
    expect(validationMessage([])).toBe('参数格式不正确');
  });
});
