import { taskActions } from './task-actions';

const keys = (...args: Parameters<typeof taskActions>) => taskActions(...args).map((a) => a.key);

describe('a video’s menu, by status (我的创作 and 视频详情 alike)', () => {
  it('while it is made: 取消生成 and 删除', () => {
    expect(keys({ status: 'queued' })).toEqual(['cancel', 'delete']);
    expect(keys({ status: 'processing' })).toEqual(['cancel', 'delete']);
  });

  it('once done: 下载, 复制链接, 删除; shared, also 换新链接 and 取消分享', () => {
    expect(keys({ status: 'succeeded' })).toEqual(['download', 'copy', 'delete']);
    expect(keys({ status: 'succeeded' }, { shared: true })).toEqual(['download', 'copy', 'renew', 'unshare', 'delete']);
  });

  it('failed or cancelled: only 删除; a share link of an unfinished video offers nothing more', () => {
    expect(keys({ status: 'failed' })).toEqual(['delete']);
    expect(keys({ status: 'cancelled' }, { shared: true })).toEqual(['delete']);
  });

  it('视频详情 leaves out what it shows as buttons; 删除 is last and in red', () => {
    const actions = taskActions({ status: 'succeeded' }, { shared: true, without: ['cancel', 'download'] });
    expect(actions.map((a) => a.text)).toEqual(['复制链接', '换新链接', '取消分享', '删除']);
    expect(actions.at(-1)).toEqual({ key: 'delete', text: '删除', danger: true });
  });
});
