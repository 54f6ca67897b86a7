import { testUser } from '@app/shared/test/fixtures';
import { useTestServer } from '@app/shared/src/request/test-server';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { session } from '@app/shared';
import { CONTROLS_HIDE_MS } from '../../components/video-player';
import { task, template } from '../../test/fixtures';
import { answer, api, bodies, clearOverlays, fakeNavigation, renderPage } from '../../test/render-page';
import VideoDetailPage from './video-detail-page';

const server = useTestServer();
const DETAIL = '/api/v1/video_task/detail';
const SHARE = '/api/v1/video_task/share_link';
const SHARE_GET = '/api/v1/video_task/get_share_link';
const SHARE_REVOKE = '/api/v1/video_task/revoke_share_link';
const NOT_SHARED = { url: '', createdAt: 0 };
const render = (query: Record<string, string>) => renderPage(<VideoDetailPage />, { route: 'pagesA/detail/videoDetail', query });

let play: jest.SpyInstance;
beforeEach(() => {
  api(server(), '/api/v1/account/getAccountInfo', answer(testUser()));
  // jsdom plays nothing; the page only has to ask.
  play = jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});
afterEach(() => {
  play.mockRestore();
  act(() => {
    session.clear();
    clearOverlays();
  });
});

describe('视频详情 of a template (?sysId=)', () => {
  it('plays the sample and 做同款 opens the form prefilled', async () => {
    const nav = fakeNavigation();
    api(server(), '/api/v1/sysVideo/detail', answer(template()));
    const { container } = render({ sysId: '7' });
    await screen.findByText('旅行日记');
    expect(screen.getByText('旅行 · 电影感 · 0:15 · 9:16')).toBeTruthy();
    const video = container.querySelector('video')!;
    expect(video.getAttribute('src')).toBe(`${server().origin}/files/templates/7.mp4`);
    expect(play).toHaveBeenCalled();
    fireEvent.click(screen.getByText('做同款'));
    expect(nav.calls).toEqual(['navigateTo /pagesA/create/addVideo?templateId=7&aspectRatio=9%3A16&duration=15']);
  });

  it('an unknown template says so', async () => {
    api(server(), '/api/v1/sysVideo/detail', answer(null, 4, '模板不存在'));
    render({ sysId: '404' });
    expect(await screen.findAllByText('模板不存在')).not.toHaveLength(0);
  });
});

describe('视频详情 of a task (?id=)', () => {
  beforeEach(() => act(() => session.set(testUser())));

  it('signed out: a way to sign in', () => {
    act(() => session.clear());
    render({ id: '1' });
    expect(screen.getByText('登录后查看你的视频')).toBeTruthy();
  });

  it('without an id: says the link is incomplete', () => {
    render({});
    expect(screen.getByText('链接缺少视频编号')).toBeTruthy();
  });

  it('a finished video: title, status, script, time; 下载, 复制链接, … (删除 in it) and no 取消', async () => {
    api(server(), DETAIL, answer(task()));
    api(server(), SHARE_GET, answer(NOT_SHARED));
    const { container } = render({ id: '1' });
    await screen.findByText('城市夜景');
    expect(screen.getByText('已完成')).toBeTruthy();
    expect(screen.getByText('夜色里的城市')).toBeTruthy();
    expect(screen.getByText('2026-11-22 14:05', { exact: false })).toBeTruthy();
    expect(container.querySelector('video')?.getAttribute('src')).toBe(`${server().origin}/files/videos/1.mp4`);
    expect(screen.getByText('下载')).toBeTruthy();
    expect(screen.getByText('复制链接')).toBeTruthy();
    expect(screen.getByLabelText('更多操作')).toBeTruthy();
    // 删除 is no button of its own: it waits in the … menu.
    expect(screen.queryByText('删除')).toBeNull();
    expect(screen.queryByText('取消')).toBeNull();
    expect(screen.queryByText(/配音/)).toBeNull();
  });

  it('a narrated video names its voice', async () => {
    api(server(), DETAIL, answer(task({ voice: 'minimax:female-shaonv', voiceName: '少女', voiceSpeed: 1.2 })));
    render({ id: '1' });
    expect(await screen.findByText(/· 配音 少女/)).toBeTruthy();
  });

  it('the controls hide 3 s after the last touch and come back on a tap', async () => {
    api(server(), DETAIL, answer(task()));
    const { container } = render({ id: '1' });
    await screen.findByText('城市夜景');
    const video = container.querySelector('video')!;
    const player = container.querySelector('.cr-player')!;
    jest.useFakeTimers();
    try {
      fireEvent.pointerDown(player, { button: 0 });
      act(() => jest.advanceTimersByTime(CONTROLS_HIDE_MS - 100));
      expect(video.controls).toBe(true);
      fireEvent.pointerDown(player, { button: 0 }); // a touch starts the 3 s again
      act(() => jest.advanceTimersByTime(CONTROLS_HIDE_MS - 100));
      expect(video.controls).toBe(true);
      act(() => jest.advanceTimersByTime(100));
      expect(video.controls).toBe(false);
      fireEvent.pointerDown(player, { button: 0 });
      expect(video.controls).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });

  it('a running task updates in place and starts playing when it is done', async () => {
    let calls = 0;
    api(server(), DETAIL, () => {
      calls += 1;
      if (calls === 1) return answer(task({ status: 'queued', queuePosition: 3, progress: 0, videoUrl: '', coverUrl: '' }));
      if (calls === 2) return answer(task({ status: 'processing', progress: 60, videoUrl: '', coverUrl: '' }));
      return answer(task());
    });
    const { container } = render({ id: '1' });
    await screen.findByText('排队中，前面还有 2 个视频');
    expect(screen.getByText('取消')).toBeTruthy();
    expect(screen.queryByText('下载')).toBeNull();
    await screen.findByText('正在生成 60%', undefined, { timeout: 4000 });
    await screen.findByText('已完成', undefined, { timeout: 5000 });
    expect(container.querySelector('video')).toBeTruthy();
    await waitFor(() => expect(play).toHaveBeenCalled());
  }, 15000);

  it('取消 asks first, then cancels and shows the refund', async () => {
    let cancelled = false;
    api(server(), DETAIL, () => answer(task(cancelled ? { status: 'cancelled' } : { status: 'processing', progress: 10 })));
    api(server(), '/api/v1/video_task/cancel', () => {
      cancelled = true;
      return answer(task({ status: 'cancelled', videoUrl: '', coverUrl: '' }));
    });
    render({ id: '1' });
    fireEvent.click(await screen.findByText('取消'));
    await screen.findByText('取消后积分将退还，确定取消吗？');
    fireEvent.click(screen.getAllByText('取消生成').at(-1)!); // the title says it too
    await screen.findByText('已取消，积分已退还');
    expect(bodies(server(), '/api/v1/video_task/cancel')).toEqual([{ token: 'token-1', id: '1' }]);
  });

  it('删除 asks first, deletes, and leaves the page', async () => {
    const nav = fakeNavigation();
    nav.pages = 2;
    api(server(), DETAIL, answer(task()));
    api(server(), '/api/v1/video_task/delete', answer({}));
    api(server(), SHARE_GET, answer(NOT_SHARED));
    render({ id: '1' });
    fireEvent.click(await screen.findByLabelText('更多操作'));
    fireEvent.click(await screen.findByText('删除'));
    await screen.findByText('删除后无法恢复，确定删除吗？');
    fireEvent.click(screen.getAllByText('删除').at(-1)!);
    await waitFor(() => expect(nav.calls).toEqual(['navigateBack']));
    expect(bodies(server(), '/api/v1/video_task/delete')).toEqual([{ token: 'token-1', id: '1' }]);
  });

  it('a video that is not there (or not yours) says so', async () => {
    api(server(), DETAIL, answer(null, 4, '视频不存在'));
    render({ id: '404' });
    await screen.findByText('它可能已被删除');
  });

  it('下载 saves the MP4 under the video title', async () => {
    server().route('/files/videos/1.mp4', (_req, res) => {
      res.writeHead(200, { 'Access-Control-Allow-Origin': '*', 'Content-Type': 'video/mp4' }).end(Buffer.from('mp4'));
    });
    api(server(), DETAIL, answer(task({ title: '城市/夜景' })));
    const created = jest.fn(() => 'blob:video');
    const revoked = jest.fn();
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: revoked });
    const clicked: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    try {
      render({ id: '1' });
      fireEvent.click(await screen.findByText('下载'));
      await waitFor(() => expect(clicked).toEqual(['城市 夜景.mp4']));
      expect(created).toHaveBeenCalled();
    } finally {
      click.mockRestore();
    }
  });
});

describe('视频详情 of a template still without its sample', () => {
  it('says the sample is on its way and still offers 做同款', async () => {
    api(server(), '/api/v1/sysVideo/detail', answer(template({ videoUrl: '', coverUrl: '' })));
    const { container } = render({ sysId: '7' });
    await screen.findByText('示例视频还在制作中');
    expect(container.querySelector('video')).toBeNull();
    expect(screen.getByText('做同款')).toBeTruthy();
  });
});

describe('复制链接 and the share link', () => {
  beforeEach(() => act(() => session.set(testUser())));
  const LINK = { url: 'https://app.example.com/s/AbCdEfGhIjKlMnOpQrStUvWx', createdAt: 1 };
  const NEW_LINK = { url: 'https://app.example.com/s/ZyXwVuTsRqPoNmLkJiHgFeDc', createdAt: 2 };

  it('makes the share link (the public page, not the file) and puts it on the clipboard', async () => {
    const writeText = jest.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    api(server(), DETAIL, answer(task()));
    api(server(), SHARE_GET, answer(NOT_SHARED));
    api(server(), SHARE, answer(LINK));
    render({ id: '1' });
    fireEvent.click(await screen.findByText('复制链接'));
    await screen.findByText('分享链接已复制，任何人打开都能观看');
    expect(writeText).toHaveBeenCalledWith(LINK.url);
    expect(bodies(server(), SHARE)).toEqual([{ token: 'token-1', id: '1', renew: false }]);
  });

  it('a shared video: … offers 换新链接 and 取消分享, which ends the link', async () => {
    const writeText = jest.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    api(server(), DETAIL, answer(task()));
    api(server(), SHARE_GET, answer(LINK));
    api(server(), SHARE, answer(NEW_LINK));
    api(server(), SHARE_REVOKE, answer({}));
    render({ id: '1' });
    await screen.findByText('城市夜景');
    await waitFor(() => expect(bodies(server(), SHARE_GET)).toHaveLength(1));
    fireEvent.click(screen.getByLabelText('更多操作'));
    fireEvent.click(await screen.findByText('换新链接'));
    await screen.findByText('新链接已复制，旧链接已失效');
    expect(writeText).toHaveBeenCalledWith(NEW_LINK.url);
    expect(bodies(server(), SHARE)).toEqual([{ token: 'token-1', id: '1', renew: true }]);

    // Each opening is a sheet of its own; an earlier one may still be closing, or gone already.
    const sheets = () => [...document.querySelectorAll('.adm-action-sheet')];
    const openMenu = async () => {
      const before = new Set(sheets());
      fireEvent.click(screen.getByLabelText('更多操作'));
      return waitFor(() => {
        const opened = sheets().find((sheet) => !before.has(sheet));
        expect(opened).toBeTruthy();
        return opened!;
      });
    };
    const names = (sheet: Element) => [...sheet.querySelectorAll('.adm-action-sheet-button-item-name')].map((el) => el.textContent);
    const second = await openMenu();
    expect(names(second)).toEqual(['复制链接', '换新链接', '取消分享', '删除', '取消']);
    fireEvent.click(within(second as HTMLElement).getByText('取消分享'));
    await screen.findByText('已取消分享，原链接已失效');
    expect(bodies(server(), SHARE_REVOKE)).toEqual([{ token: 'token-1', id: '1' }]);
    // Not shared any more: a new menu has no 取消分享.
    expect(names(await openMenu())).toEqual(['复制链接', '删除', '取消']);
  });

  it('an unfinished video has no 复制链接, and … still offers 删除', async () => {
    api(server(), DETAIL, answer(task({ status: 'processing', progress: 10, videoUrl: '', coverUrl: '' })));
    render({ id: '1' });
    fireEvent.click(await screen.findByLabelText('更多操作'));
    await screen.findByText('删除');
    expect(screen.queryByText('复制链接')).toBeNull();
    expect(bodies(server(), SHARE_GET)).toEqual([]);
  });
});
