import { parseAdminArgs, UsageError } from '../../src/cli/admin-args.js';

describe('the admin command line arguments', () => {
  it('reads codes create, with the end date as the first instant after that day (local time)', () => {
    expect(parseAdminArgs(['codes', 'create', '--points', '30', '--days', '7', '--count', '100', '--ends', '2026-12-31', '--note', '渠道 A'])).toEqual({
      name: 'codes create',
      points: 30,
      days: 7,
      count: 100,
      endsAt: new Date(2027, 0, 1).getTime(),
      note: '渠道 A',
    });
    expect(parseAdminArgs(['codes', 'create', '--points=1', '--days=0', '--count=1'])).toEqual({ name: 'codes create', points: 1, days: 0, count: 1, endsAt: 0, note: '' });
  });

  it('reads negative numbers as numbers, as positionals and as option values', () => {
    expect(parseAdminArgs(['points', 'grant', '13800138000', '-5', '--reason', '收回'])).toEqual({ name: 'points grant', phone: '13800138000', change: -5, reason: '收回' });
    expect(parseAdminArgs(['points', 'grant', '--reason', '奖励', '13800138000', '20'])).toMatchObject({ change: 20 });
    const template = parseAdminArgs(['templates', 'add', '--title', 't', '--category', 'c', '--style', 's', '--duration', '10', '--aspect', '1:1', '--sort', '-1']);
    expect(template).toMatchObject({ sort: -1, aspectRatio: '1:1', description: '', coverUrl: '', videoUrl: '', params: {} });
  });

  it('reads the music commands, and refuses a missing file, title or mood, and an ID that is no number', () => {
    expect(parseAdminArgs(['music', 'add', 'songs/晨光.mp3', '--title', '晨光', '--mood', 'family'])).toEqual({
      name: 'music add',
      file: 'songs/晨光.mp3',
      title: '晨光',
      mood: 'family',
    });
    expect(parseAdminArgs(['music', 'list'])).toEqual({ name: 'music list' });
    expect(parseAdminArgs(['music', 'remove', '3'])).toEqual({ name: 'music remove', id: '3' });
    expect(() => parseAdminArgs(['music', 'add', '--title', '晨光', '--mood', 'family'])).toThrow(new UsageError('需要 FILE'));
    expect(() => parseAdminArgs(['music', 'add', 'a.mp3', '--mood', 'family'])).toThrow(new UsageError('缺少 --title'));
    expect(() => parseAdminArgs(['music', 'add', 'a.mp3', '--title', 't'])).toThrow(new UsageError('缺少 --mood'));
    expect(() => parseAdminArgs(['music', 'remove', 'three'])).toThrow(new UsageError('ID 应为曲目 ID（数字）：three'));
    expect(() => parseAdminArgs(['music', 'list', 'extra'])).toThrow(new UsageError('多余的参数：extra'));
  });

  it('reads the other commands', () => {
    expect(parseAdminArgs(['codes', 'list'])).toEqual({ name: 'codes list', batchId: undefined });
    expect(parseAdminArgs(['codes', 'list', '--batch', '12'])).toEqual({ name: 'codes list', batchId: '12' });
    expect(parseAdminArgs(['codes', 'disable', 'abcd-efgh'])).toEqual({ name: 'codes disable', code: 'abcd-efgh' });
    expect(parseAdminArgs(['templates', 'add', '--title', 't', '--category', 'c', '--style', 's', '--duration', '10', '--aspect', '9:16', '--params', '{"a":[1]}'])).toMatchObject({
      params: { a: [1] },
    });
    expect(parseAdminArgs(['codes', 'create', '--help'])).toEqual({ name: 'help' });
    expect(parseAdminArgs(['-h'])).toEqual({ name: 'help' });
  });

  it.each([
    [[], '请给出命令'],
    [['codes'], '未知命令：codes'],
    [['codes', 'print'], '未知命令：codes print'],
    [['codes', 'create', '--days', '0', '--count', '1'], '缺少 --points'],
    [['codes', 'create', '--points', '', '--days', '0', '--count', '1'], '缺少 --points'],
    [['codes', 'create', '--points', 'ten', '--days', '0', '--count', '1'], '--points 应为非负整数：ten'],
    [['codes', 'create', '--points', '-1', '--days', '0', '--count', '1'], '--points 应为非负整数：-1'],
    [['codes', 'create', '--points', '1', '--days', '0', '--count', '1', '--ends', '2026-02-30'], '--ends 应为日期 YYYY-MM-DD：2026-02-30'],
    [['codes', 'create', '--points', '1', '--days', '0', '--count', '1', '--ends', '31/12/2026'], '--ends 应为日期 YYYY-MM-DD：31/12/2026'],
    [['codes', 'create', '--points', '1', '--days', '0', '--count', '1', 'extra'], '多余的参数：extra'],
    [['codes', 'list', '--batch', 'abc'], '--batch 应为批次 ID（数字）：abc'],
    [['codes', 'disable'], '需要 CODE'],
    [['codes', 'disable', 'A', 'B'], '需要 CODE'],
    [['points', 'grant', '13800138000', '--reason', 'x'], '需要 PHONE N'],
    [['points', 'grant', '13800138000', '1.5', '--reason', 'x'], 'N 应为整数：1.5'],
    [['points', 'grant', '13800138000', '5'], '缺少 --reason'],
    [['templates', 'add', '--title', 't'], '缺少 --category'],
    [['templates', 'add', '--title', 't', '--category', 'c', '--style', 's', '--duration', '10', '--aspect', '9:16', '--params', '{bad'], '--params 不是合法的 JSON'],
    [['templates', 'add', '--title', 't', '--category', 'c', '--style', 's', '--duration', '10', '--aspect', '9:16', '--params', '[1]'], '--params 应为 JSON 对象'],
  ])('refuses %j: %s', (args, message) => {
    expect(() => parseAdminArgs(args)).toThrow(new UsageError(message));
  });

  it('refuses an unknown option', () => {
    expect(() => parseAdminArgs(['codes', 'list', '--color', 'red'])).toThrow(/^参数有误：/);
  });
});
