import { testUser } from '@app/shared/test/fixtures';
import { useTestServer } from '@app/shared/src/request/test-server';
import { act, fireEvent, screen } from '@testing-library/react';
import { session } from '@app/shared';
import { galleryPage, template } from '../../test/fixtures';
import { answer, api, bodies, fakeNavigation, renderPage } from '../../test/render-page';
import HomePage from './home-page';
import { emptyKindAround } from '@app/shared/test/empty-state';

const server = useTestServer();
const LIST = '/api/v1/sysVideo/list';

describe('首页', () => {
  afterEach(() => act(() => session.clear()));

  it('shows who is signed in and their balance only to a signed-in user, live', async () => {
    api(server(), LIST, answer(galleryPage([])));
    renderPage(<HomePage />);
    expect(screen.getByText('极速生成视频')).toBeTruthy();
    expect(screen.queryByLabelText('积分余额')).toBeNull();
    act(() => session.set(testUser({ createNum: 7, nickname: '小明' })));
    expect(screen.getByLabelText('积分余额').textContent).toContain('7');
    expect(screen.getByText('你好，小明')).toBeTruthy();
    act(() => session.update({ createNum: 2, nickname: '阿明' }));
    expect(screen.getByLabelText('积分余额').textContent).toContain('2');
    expect(screen.getByText('你好，阿明')).toBeTruthy();
    expect(emptyKindAround(await screen.findByText('暂无模板'))).toBe('templates');
  });

  it('lists templates with cover, title and duration; one opens its sample', async () => {
    const nav = fakeNavigation();
    api(server(), LIST, answer(galleryPage([template(), template({ id: '8', title: '美食探店', duration: 60, coverUrl: '' })])));
    const { container } = renderPage(<HomePage />);
    await screen.findByText('旅行日记');
    expect(screen.getByText('美食探店')).toBeTruthy();
    expect(screen.getByText('0:15')).toBeTruthy();
    expect(screen.getByText('1:00')).toBeTruthy();
    // The cover as right-sized thumbnails: WebP, a JPEG for browsers without it, its shape known before it loads.
    const img = container.querySelector('img.cr-template-cover')!;
    const origin = server().origin;
    expect(img.getAttribute('src')).toBe(`${origin}/thumbs/templates/7.jpg/320.jpg`);
    expect(img.getAttribute('srcset')).toBe(
      `${origin}/thumbs/templates/7.jpg/160.jpg 160w, ${origin}/thumbs/templates/7.jpg/320.jpg 320w, ${origin}/thumbs/templates/7.jpg/480.jpg 480w, ${origin}/thumbs/templates/7.jpg/640.jpg 640w`,
    );
    expect(img.closest('picture')?.querySelector('source')?.getAttribute('type')).toBe('image/webp');
    expect(img.closest('picture')?.querySelector('source')?.getAttribute('srcset')).toContain(`${origin}/thumbs/templates/7.jpg/320.webp 320w`);
    // A 9:16 cover in a 3:4 card is drawn as wide as the card: 44.2% of the screen.
    expect(img.getAttribute('sizes')).toBe('(min-width: 960px) 424px, 44.2vw');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['360', '640']);
    // The first row's covers come first; later ones wait until they are near.
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect(img.getAttribute('loading')).toBe('eager');
    expect(container.querySelectorAll('.cr-template-cover.cr-cover--placeholder')).toHaveLength(1);
    fireEvent.click(screen.getByText('旅行日记'));
    expect(nav.calls).toEqual(['navigateTo /pagesA/detail/videoDetail?sysId=7']);
  });

  it('shows an operator\'s own cover URL as it is, and lazy-loads covers past the first row', async () => {
    const external = { coverUrl: 'https://cdn.example.com/c.jpg', coverThumbUrl: '' };
    api(server(), LIST, answer(galleryPage(['1', '2', '3'].map((id) => template({ id, title: `模板${id}`, aspectRatio: '16:9', ...external })))));
    const { container } = renderPage(<HomePage />);
    await screen.findByText('模板3');
    const imgs = [...container.querySelectorAll('img.cr-template-cover')];
    expect(imgs.map((img) => img.getAttribute('src'))).toEqual(Array(3).fill('https://cdn.example.com/c.jpg'));
    expect(container.querySelector('picture')).toBeNull();
    expect(imgs.map((img) => img.getAttribute('loading'))).toEqual(['eager', 'eager', 'lazy']);
  });

  it('the entry opens 极速生成视频', async () => {
    const nav = fakeNavigation();
    api(server(), LIST, answer(galleryPage([])));
    renderPage(<HomePage />);
    fireEvent.click(screen.getByText('极速生成视频'));
    expect(nav.calls).toEqual(['navigateTo /pagesA/create/addVideo']);
    await screen.findByText('暂无模板');
  });

  it('a failed gallery says so and loads again on request', async () => {
    api(server(), LIST, answer(null, 1, '服务繁忙'));
    renderPage(<HomePage />);
    await screen.findByText('模板加载失败');
    api(server(), LIST, answer(galleryPage([template()])));
    fireEvent.click(screen.getByText('重新加载'));
    await screen.findByText('旅行日记');
  });

  it('asks for the next page when the end of the list comes near', async () => {
    api(server(), LIST, (body) =>
      body.page === 1 ? answer(galleryPage([template()], { hasMore: true })) : answer(galleryPage([template({ id: '9', title: '第二页的模板' })], { pageNo: 2 })),
    );
    // jsdom lays nothing out: every element is at 0, so the loader is "within 50px" at once,
    // once it counts as shown (jsdom gives no element an offsetParent).
    const shown = jest.spyOn(HTMLElement.prototype, 'offsetParent', 'get').mockReturnValue(document.body);
    renderPage(<HomePage />);
    await screen.findByText('第二页的模板');
    shown.mockRestore();
    expect(server().received.map((r) => JSON.parse(r.body).page)).toEqual([1, 2]);
  });

  it('on a first start says 模板准备中 while samples are made, fills by itself, then stops asking', async () => {
    let calls = 0;
    api(server(), LIST, () => {
      calls += 1;
      if (calls === 1) return answer(galleryPage([], { pending: 6 }));
      if (calls === 2) return answer(galleryPage([template()], { pending: 5 }));
      return answer(galleryPage([template(), template({ id: '8', title: '美食探店' })], { pending: 0 }));
    });
    renderPage(<HomePage />);
    await screen.findByText('模板准备中');
    expect(screen.queryByText('暂无模板')).toBeNull();
    await screen.findByText('旅行日记', undefined, { timeout: 5000 });
    expect(screen.getByText('还有 5 个模板准备中…')).toBeTruthy();
    // More are coming: the list does not say it has ended.
    expect(screen.queryByText('没有更多了')).toBeNull();
    await screen.findByText('美食探店', undefined, { timeout: 5000 });
    expect(screen.queryByText(/准备中/)).toBeNull();
    expect(screen.getByText('没有更多了')).toBeTruthy();
    // Nothing pending: no more asking.
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(calls).toBe(3);
  }, 20000);

  it('has a tab per category, which lists only that category', async () => {
    api(server(), LIST, (body) =>
      body.category === '美食'
        ? answer(galleryPage([template({ id: '8', title: '美食探店', category: '美食' })], { categories: ['旅行', '美食'] }))
        : answer(galleryPage([template(), template({ id: '8', title: '美食探店', category: '美食' })], { categories: ['旅行', '美食'] })),
    );
    renderPage(<HomePage />);
    await screen.findByText('旅行日记');
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['全部', '旅行', '美食']);
    fireEvent.click(screen.getByRole('tab', { name: '美食' }));
    await screen.findByText('美食探店');
    expect(screen.queryByText('旅行日记')).toBeNull();
    expect(screen.getByRole('tab', { name: '美食' }).getAttribute('aria-selected')).toBe('true');
    expect(bodies(server(), LIST).at(-1)).toMatchObject({ category: '美食' });
  });

  it('a card carries 做同款, which opens the form prefilled with the template', async () => {
    const nav = fakeNavigation();
    api(server(), LIST, answer(galleryPage([template()])));
    renderPage(<HomePage />);
    fireEvent.click(await screen.findByLabelText('做同款：旅行日记'));
    expect(nav.calls).toEqual(['navigateTo /pagesA/create/addVideo?templateId=7&aspectRatio=9%3A16&duration=15']);
  });
});
