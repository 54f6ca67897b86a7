import Ajv from 'ajv';
import {
  ALL_CALLS,
  normalizeCode,
  newPasswordProblem,
  PASSWORD_RULE,
  refusedCharMessage,
  save,
  taskList,
  type ApiBody,
  type ApiData,
  type ApiPath,
  type ReceivedBody,
} from '../src';

describe('the contract', () => {
  it('names every call once, by method and path', () => {
    const keys = ALL_CALLS.map((c) => `${c.method} ${c.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toContain('POST /api/v1/video_task/save');
    expect(keys).toContain('GET /api/v1/version/get_version_info');
  });

  it('gives every call a JSON Schema that ajv compiles (as the server does)', () => {
    const ajv = new Ajv({ strict: false, allErrors: false });
    for (const c of ALL_CALLS) {
      for (const schema of [c.body, c.querystring, c.params, c.data, ...Object.values(c.responses ?? {})]) {
        if (schema !== undefined) expect(() => ajv.compile(schema)).not.toThrow();
      }
    }
  });

  it('writes the body of a signed-in call with its token, and the defaults the server fills in', () => {
    const ajv = new Ajv({ strict: false, useDefaults: true });
    const body: Record<string, unknown> = { token: 't' };
    expect(ajv.validate(taskList.body, body)).toBe(true);
    expect(body).toEqual({ token: 't', page: 1, pageSize: 10 });
    const task: Record<string, unknown> = { title: '标题', prompt: '文案', aspectRatio: '9:16', duration: 5 };
    expect(ajv.validate(save.body, task)).toBe(true);
    expect(task.images).toEqual([]);
    expect(ajv.validate(save.body, { ...task, title: 'x'.repeat(31) })).toBe(false);
  });

  it('types bodies and answers by path', () => {
    // Compiled by `npm run typecheck`: a wrong field or a missing one fails the build.
    const body: ApiBody<'/api/v1/video_task/save'> = { title: 't', prompt: 'p', aspectRatio: '1:1', duration: 5 };
    const answer = null as unknown as ApiData<'/api/v1/video_task/query_user_task'>;
    const received = null as unknown as ReceivedBody<typeof taskList>;
    const page: number | undefined = received?.page;
    // @ts-expect-error the operators' calls are not the app's
    const admin: ApiPath = '/admin/api/codes/create';
    // @ts-expect-error a title is text
    const wrong: ApiBody<'/api/v1/video_task/save'> = { ...body, title: 1 };
    expect([body.duration, answer, page, admin, wrong.prompt]).toHaveLength(5);
  });
});

describe('the rules both sides apply', () => {
  it('folds a typed activation code to its stored form, or refuses it', () => {
    expect(normalizeCode('abcd-efgh ｊｋｌｍ npqr')).toBe('ABCDEFGHJKLMNPQR');
    expect(normalizeCode('ABCDEFGHJKLMNPQ0')).toBeNull();
    expect(normalizeCode('ABCD')).toBeNull();
  });

  it('holds a new password to the rule', () => {
    expect(newPasswordProblem('secret123', '13800000000')).toBeNull();
    expect(newPasswordProblem('secretsecret', '13800000000')).toBe(PASSWORD_RULE);
    expect(newPasswordProblem('a13800000000', '13800000000')).toBe(PASSWORD_RULE);
    expect(newPasswordProblem('secret\u200b123', '13800000000')).toBe('密码不能包含不可见字符');
  });

  it('names the refused characters', () => {
    expect(refusedCharMessage('ok 😀')).toBeNull();
    expect(refusedCharMessage('a\u0007')).toBe('不能包含控制字符');
    expect(refusedCharMessage('a\u202e')).toBe('不能包含不可见字符');
  });
});
