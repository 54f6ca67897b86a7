import { task } from '../test/fixtures';
import { progressText, statusText } from './video-task';

const clips = (done: number, total: number) => ({ step: 'clips' as const, clipsDone: done, clipsTotal: total, label: `AI 生成片段 ${done}/${total}` });

describe('where a task stands, as its stage says', () => {
  it('the built-in renderer: a percent', () => {
    const t = task({ status: 'processing', progress: 40 });
    expect(progressText(t)).toBe('正在生成 40%');
    expect(statusText(t)).toBe('生成中 40%');
  });

  it('a hosted model making its clips: how many are done, from the server', () => {
    const t = task({ status: 'processing', progress: 30, model: 'wan', stage: clips(2, 4) });
    expect(progressText(t)).toBe('AI 生成片段 2/4');
    expect(statusText(t)).toBe('AI 生成片段 2/4');
  });

  it('its clips being put together: 合成中 with the percent', () => {
    const t = task({ status: 'processing', progress: 91, model: 'wan', stage: { step: 'composing', clipsDone: 4, clipsTotal: 4, label: '合成中' } });
    expect(progressText(t)).toBe('合成中 91%');
    expect(statusText(t)).toBe('合成中 91%');
  });

  it('queued and ended tasks keep their words', () => {
    expect(statusText(task({ status: 'queued', queuePosition: 3 }))).toBe('排队中 第 3 位');
    expect(statusText(task({ status: 'failed' }))).toBe('失败');
  });
});
