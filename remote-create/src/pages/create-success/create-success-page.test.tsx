import { testUser } from '@app/shared/test/fixtures';
import { useTestServer } from '@app/shared/src/request/test-server';
import { act, fireEvent, screen } from '@testing-library/react';
import { session } from '@app/shared';
import { task } from '../../test/fixtures';
import { answer, api, fakeNavigation, renderPage } from '../../test/render-page';
import CreateSuccessPage from './create-success-page';

const server = useTestServer();
const QUEUE = '/api/v1/video_task/get_queue_position';
const render = (query: Record<string, string>) => renderPage(<CreateSuccessPage />, { route: 'pagesA/create/createSuccess', query });

describe('生成视频成功', () => {
  beforeEach(() => {
    act(() => session.set(testUser()));
  });
  afterEach(() => act(() => session.clear()));

  it('follows the task live: its place in the queue and the wait, then the progress, then the result', async () => {
    let asked = 0;
    api(server(), QUEUE, () => {
      asked += 1;
      if (asked === 1) return answer({ status: 'queued', position: 2, total: 3, estimatedWaitSeconds: 40 });
      if (asked === 2) return answer({ status: 'queued', position: 1, total: 2, estimatedWaitSeconds: 20 });
      return answer({ status: 'processing', position: 0, total: 1, estimatedWaitSeconds: 0 });
    });
    let detail = 0;
    api(server(), '/api/v1/video_task/detail', () => {
      detail += 1;
      return answer(detail === 1 ? task({ id: '42', status: 'processing', progress: 50 }) : task({ id: '42' }));
    });
    const nav = fakeNavigation();
    const { container } = render({ id: '42' });
    // Queued: submitted, not 成功, and no task number.
    expect(screen.getByText('任务已提交')).toBeTruthy();
    await screen.findByText('共 3 个视频在排队 · 预计等待 约 40 秒');
    expect(container.textContent).not.toMatch(/成功|任务编号|42/);
    expect(screen.getByText('2')).toBeTruthy();
    await screen.findByText('共 2 个视频在排队 · 预计等待 约 20 秒', undefined, { timeout: 3000 });
    // Rendering: 正在生成, still no 成功; the bar says where it is.
    await screen.findByText('正在生成…', undefined, { timeout: 4000 });
    expect(container.textContent).not.toContain('成功');
    expect(screen.getByRole('progressbar', { name: '生成进度' }).getAttribute('aria-valuenow')).toBe('50');
    // Done: 成功 now, the cover as a preview, one primary action.
    await screen.findByText('视频生成成功', undefined, { timeout: 4000 });
    expect(container.querySelector('.cr-done-preview img')?.getAttribute('src')).toBe(`${server().origin}/files/videos/1.jpg`);
    const primary = [...container.querySelectorAll('.adm-button-primary')].map((b) => b.textContent);
    expect(primary).toEqual(['观看视频']);
    fireEvent.click(screen.getByText('观看视频'));
    expect(nav.calls).toEqual(['navigateTo /pagesA/detail/videoDetail?id=42']);
  }, 15000);

  it('a failed video says so and that the points came back', async () => {
    api(server(), QUEUE, answer({ status: 'failed', position: 0, total: 0, estimatedWaitSeconds: 0 }));
    api(server(), '/api/v1/video_task/detail', answer(task({ id: '42', status: 'failed', errorMsg: '文案未通过审核', videoUrl: '', coverUrl: '' })));
    const { container } = render({ id: '42' });
    await screen.findByText('生成失败');
    expect(screen.getByText('积分已退还')).toBeTruthy();
    expect(screen.getByText('文案未通过审核')).toBeTruthy();
    expect(container.textContent).not.toContain('成功');
  });

  it('查看我的创作 switches to the tab, 继续创作 opens a new form in place of this page', () => {
    api(server(), QUEUE, answer({ status: 'queued', position: 1, total: 1, estimatedWaitSeconds: 5 }));
    const nav = fakeNavigation();
    render({ id: '42' });
    fireEvent.click(screen.getByText('查看我的创作'));
    fireEvent.click(screen.getByText('继续创作'));
    expect(nav.calls).toEqual(['switchTab /pages/create/create', 'redirectTo /pagesA/create/addVideo']);
  });

  it('an answer it cannot use offers to try again', async () => {
    api(server(), QUEUE, answer(null, 4, '视频不存在'));
    render({ id: '42' });
    await screen.findByText('暂时无法获取进度');
    api(server(), QUEUE, answer({ status: 'queued', position: 4, total: 4, estimatedWaitSeconds: 200 }));
    fireEvent.click(screen.getByText('重试'));
    await screen.findByText('共 4 个视频在排队 · 预计等待 约 4 分钟');
  });

  it('without an id says so, and still offers the ways on', () => {
    render({});
    expect(screen.getByText('没有找到这个任务')).toBeTruthy();
    expect(screen.getByText('继续创作')).toBeTruthy();
  });

  it('signed out: submitted, and a way to sign in for the progress', () => {
    act(() => session.clear());
    render({ id: '42' });
    expect(screen.getByText('任务已提交')).toBeTruthy();
    expect(screen.queryByText(/任务编号/)).toBeNull();
    expect(screen.getByText('登录后查看生成进度')).toBeTruthy();
  });
});
