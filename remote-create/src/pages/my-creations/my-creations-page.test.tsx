import { testUser } from '@app/shared/test/fixtures';
import { useTestServer } from '@app/shared/src/request/test-server';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { session } from '@app/shared';
import { page, task } from '../../test/fixtures';
import { answer, api, bodies, clearOverlays, fakeNavigation, renderPage } from '../../test/render-page';
import MyCreationsPage from './my-creations-page';
import { emptyKindAround } from '@app/shared/test/empty-state';

const server = useTestServer();
const LIST = '/api/v1/video_task/query_user_task';

const render = () => renderPage(<MyCreationsPage />, { route: 'pages/create/create' });

describe('我的创作', () => {
  beforeEach(() => {
    api(server(), '/api/v1/account/getAccountInfo', answer(testUser()));
  });
  afterEach(() => {
    act(() => {
      session.clear();
      clearOverlays();
    });
  });

  it('signed out: a way to sign in, and no call', () => {
    render();
    expect(emptyKindAround(screen.getByText('登录后查看你的创作'))).toBe('signed-out');
    expect(screen.getByRole('button', { name: '登录/注册' })).toBeTruthy();
    expect(server().received).toHaveLength(0);
  });

  it('empty: a call to create the first video', async () => {
    const nav = fakeNavigation();
    act(() => session.set(testUser()));
    api(server(), LIST, answer(page([])));
    render();
    fireEvent.click(await screen.findByText('创作第一个视频'));
    expect(nav.calls).toEqual(['navigateTo /pagesA/create/addVideo']);
  });

  it('lists tasks as the server orders them, each with its badge and time; a tap opens one', async () => {
    const nav = fakeNavigation();
    act(() => session.set(testUser()));
    api(
      server(),
      LIST,
      answer(
        page([
          task({ id: '5', title: '排队的', status: 'queued', queuePosition: 2, progress: 0, videoUrl: '', coverUrl: '' }),
          task({ id: '4', title: '生成中的', status: 'processing', progress: 40, videoUrl: '', coverUrl: '' }),
          task({ id: '3', title: '完成的' }),
          task({ id: '2', title: '失败的', status: 'failed', videoUrl: '', coverUrl: '' }),
          task({ id: '1', title: '取消的', status: 'cancelled', videoUrl: '', coverUrl: '' }),
        ]),
      ),
    );
    const { container } = render();
    await screen.findByText('排队的');
    const rows = [...container.querySelectorAll('.cr-task')].map((el) => [el.querySelector('.cr-task-title')!.textContent, el.querySelector('.cr-badge')!.textContent]);
    expect(rows).toEqual([
      ['排队的', '排队中 第 2 位'],
      ['生成中的', '生成中 40%'],
      ['完成的', '已完成'],
      ['失败的', '失败'],
      ['取消的', '已取消'],
    ]);
    expect(screen.getAllByText('2026-11-22 14:05')).toHaveLength(5);
    expect(container.querySelectorAll('.cr-task img.cr-cover')).toHaveLength(1); // the others: placeholders
    fireEvent.click(screen.getByText('完成的'));
    expect(nav.calls).toEqual(['navigateTo /pagesA/detail/videoDetail?id=3']);
  });

  it('updates by itself while a task is pending, and stops asking once none is', async () => {
    act(() => session.set(testUser()));
    let calls = 0;
    api(server(), LIST, () => {
      calls += 1;
      return answer(page([task(calls === 1 ? { status: 'processing', progress: 40 } : {})]));
    });
    render();
    await screen.findByText('生成中 40%');
    await screen.findByText('已完成', undefined, { timeout: 4000 });
    const asked = calls;
    await new Promise((r) => setTimeout(r, 2000));
    expect(calls).toBe(asked);
  });

  it('does not poll while the page is hidden', async () => {
    act(() => session.set(testUser()));
    api(server(), LIST, answer(page([task({ status: 'queued', queuePosition: 1 })])));
    renderPage(<MyCreationsPage />, { route: 'pages/create/create', active: false });
    await screen.findByText('排队中 第 1 位');
    await new Promise((r) => setTimeout(r, 2000));
    expect(bodies(server(), LIST)).toHaveLength(1);
  });

  it('a long press (350 ms, still) offers 取消生成 and 删除; 删除 asks first, then deletes', async () => {
    act(() => session.set(testUser()));
    let deleted = false;
    api(server(), LIST, () => answer(page(deleted ? [] : [task({ id: '9', title: '要删的', status: 'processing', progress: 10 })])));
    api(server(), '/api/v1/video_task/delete', () => {
      deleted = true;
      return answer({});
    });
    render();
    const item = (await screen.findByText('要删的')).closest('.cr-task-open')!;
    jest.useFakeTimers();
    try {
      fireEvent.pointerDown(item, { button: 0, clientX: 10, clientY: 10 });
      act(() => jest.advanceTimersByTime(349));
      expect(screen.queryByText('取消生成')).toBeNull();
      act(() => jest.advanceTimersByTime(1));
    } finally {
      jest.useRealTimers();
    }
    // The sheet renders into its own root, a moment later.
    await screen.findByText('取消生成');
    fireEvent.click(screen.getByText('删除'));
    // The confirm dialog, then the call.
    await screen.findByText('视频还在生成，删除会先取消并退还积分。确定删除吗？');
    fireEvent.click(screen.getAllByText('删除').at(-1)!);
    await waitFor(() => expect(bodies(server(), '/api/v1/video_task/delete')).toEqual([{ token: 'token-1', id: '9' }]));
    expect(emptyKindAround(await screen.findByText('还没有作品'))).toBe('videos');
  });

  it('a press that moves more than 10px, or lifts early, is no long press', async () => {
    act(() => session.set(testUser()));
    api(server(), LIST, answer(page([task({ title: '滑过的' })])));
    render();
    const item = (await screen.findByText('滑过的')).closest('.cr-task-open')!;
    jest.useFakeTimers();
    try {
      fireEvent.pointerDown(item, { button: 0, clientX: 10, clientY: 10 });
      fireEvent.pointerMove(item, { clientX: 10, clientY: 21 });
      act(() => jest.advanceTimersByTime(400));
      fireEvent.pointerDown(item, { button: 0, clientX: 10, clientY: 10 });
      fireEvent.pointerUp(item);
      act(() => jest.advanceTimersByTime(400));
    } finally {
      jest.useRealTimers();
    }
    expect(screen.queryByText('删除')).toBeNull();
  });

  it('no permanent 长按 hint; the "…" button offers by status: 下载, 复制链接 and 删除 once done', async () => {
    act(() => session.set(testUser()));
    api(server(), LIST, answer(page([task({ id: '3', title: '完成的' })])));
    render();
    const item = (await screen.findByText('完成的')).closest('.cr-task')!;
    expect(screen.queryByText(/长按/)).toBeNull();
    fireEvent.click(item.querySelector('button[aria-label="更多操作"]')!);
    await screen.findByText('复制链接');
    const offered = [...document.querySelectorAll('.adm-action-sheet-button-item-name')].map((el) => el.textContent);
    expect(offered).toEqual(['下载', '复制链接', '删除', '取消']);
  });

  it('on a touch screen the lift that ends a long press is cancelled: its click cannot close the menu', async () => {
    act(() => session.set(testUser()));
    api(server(), LIST, answer(page([task({ title: '按住的', status: 'queued', queuePosition: 1 })])));
    render();
    const item = (await screen.findByText('按住的')).closest('.cr-task-open')!;
    // A quick tap's lift is left alone (its click opens the video).
    expect(fireEvent.touchEnd(item, { cancelable: true })).toBe(true);
    jest.useFakeTimers();
    try {
      fireEvent.pointerDown(item, { button: 0, clientX: 10, clientY: 10 });
      act(() => jest.advanceTimersByTime(350));
    } finally {
      jest.useRealTimers();
    }
    await screen.findByText('取消生成');
    expect(fireEvent.touchEnd(item, { cancelable: true })).toBe(false); // default prevented: no click follows
  });
});
