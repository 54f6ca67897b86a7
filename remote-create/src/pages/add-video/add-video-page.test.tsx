import { testUser } from '@app/shared/test/fixtures';
import { neverAnswer, sendRaw, useTestServer } from '@app/shared/src/request/test-server';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { session } from '@app/shared';
import { page, task, template } from '../../test/fixtures';
import { answer, api, bodies, clearOverlays, fakeNavigation, renderPage } from '../../test/render-page';
import AddVideoPage from './add-video-page';
import { draftKey, loadDraft } from './draft';
import { suggestDuration } from './duration-hint';

const server = useTestServer();
const SAVE = '/api/v1/video_task/save';
const render = (query: Record<string, string> = {}) => renderPage(<AddVideoPage />, { route: 'pagesA/create/addVideo', query });

const png = (name = 'a.png') => new File(['pixels'], name, { type: 'image/png' });
let uploads = 0;

/** The server side of an upload: a policy per picture, the store taking the file. */
function acceptUploads(store: 'answer' | 'hold' = 'answer') {
  api(server(), '/server_api/oss/stsPolicy', () => {
    uploads += 1;
    return answer({
      host: '/store',
      dir: 'u/1/',
      key: `u/1/${uploads}.png`,
      expire: 0,
      maxSize: 10 * 1024 * 1024,
      contentTypes: ['image/png', 'image/jpeg', 'image/webp'],
      fields: { policy: 'p', signature: 's' },
      url: `/files/u/1/${uploads}.png`,
    });
  });
  server().route('/store', store === 'hold' ? neverAnswer : (_req, res) => sendRaw(res, 204, '', 'text/plain'));
}

const fill = (title: string, prompt: string) => {
  fireEvent.change(screen.getByPlaceholderText('给视频起个名字（30 字以内）'), { target: { value: title } });
  fireEvent.change(screen.getByPlaceholderText('写下视频要讲的内容，会作为字幕出现在视频里'), { target: { value: prompt } });
};
const submitButton = () => screen.getByRole('button', { name: '生成视频' }) as HTMLButtonElement;
const pick = (...files: File[]) => fireEvent.change(screen.getByLabelText('选择图片'), { target: { files } });

beforeEach(() => {
  uploads = 0;
  // A draft left by another test would fill this one's form.
  localStorage.removeItem(draftKey(testUser().id));
  act(() => session.set(testUser({ createNum: 10 })));
  api(server(), '/api/v1/sysVideo/list', answer(page([template()])));
  api(server(), '/api/v1/sysVideo/detail', answer(template()));
  api(server(), '/api/v1/video_task/quote', (body) => answer({ cost: body.duration, balance: 10, enough: (body.duration as number) <= 10 }));
  api(server(), '/api/v1/account/getAccountInfo', answer(testUser({ createNum: 5 })));
  api(server(), '/api/v1/video_task/music', answer({ list: [] }));
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
});
afterEach(() => {
  act(() => {
    session.clear();
    clearOverlays();
  });
});

describe('极速生成视频', () => {
  it('signed out: a way to sign in', () => {
    act(() => session.clear());
    render();
    expect(screen.getByText('登录后即可生成视频')).toBeTruthy();
  });

  it('starts at 9:16 and 5 s, shows the cost beside the balance, and submits only when valid', async () => {
    render();
    expect(screen.getByRole('radio', { name: /9:16/ }).getAttribute('aria-checked')).toBe('true');
    expect((screen.getByRole('spinbutton') as HTMLInputElement).value).toBe('5');
    await waitFor(() => expect(screen.getByLabelText('消耗积分').textContent).toBe('5'));
    expect(screen.getByText('当前积分 10')).toBeTruthy();
    expect(submitButton().disabled).toBe(true);
    expect(screen.getByText('请填写标题')).toBeTruthy();
    fill('  ', '文案');
    expect(submitButton().disabled).toBe(true);
    fill('标题', '');
    expect(screen.getByText('请填写文案')).toBeTruthy();
    fill('标题', '文案');
    expect(submitButton().disabled).toBe(false);
  });

  it('holds the title to 30 and the script to 500 characters, with a counter', () => {
    render();
    expect(screen.getByPlaceholderText('给视频起个名字（30 字以内）').getAttribute('maxlength')).toBe('30');
    fill('标题', '一二三');
    expect(screen.getByText('3/500')).toBeTruthy();
  });

  it('做同款 arrives with the template, its shape and its length', async () => {
    render({ templateId: '7', aspectRatio: '16:9', duration: '15' });
    await waitFor(() => expect(screen.getByRole('radio', { name: '旅行日记' }).getAttribute('aria-checked')).toBe('true'));
    expect(screen.getByRole('radio', { name: /16:9/ }).getAttribute('aria-checked')).toBe('true');
    expect((screen.getByRole('spinbutton') as HTMLInputElement).value).toBe('15');
    await waitFor(() => expect(screen.getByLabelText('消耗积分').textContent).toBe('15'));
  });

  it('uploads each picture with its own progress, blocks submit meanwhile, and deletes one taken out', async () => {
    acceptUploads();
    api(server(), '/api/v1/video_task/delete_file_url', answer({}));
    render();
    fill('标题', '文案');
    pick(png('a.png'), png('b.png'));
    expect(screen.getAllByRole('progressbar')).toHaveLength(2);
    expect(submitButton().disabled).toBe(true);
    expect(screen.getByText('图片上传中，请稍候')).toBeTruthy();
    await waitFor(() => expect(screen.queryAllByRole('progressbar')).toHaveLength(0));
    expect(submitButton().disabled).toBe(false);
    fireEvent.click(screen.getByLabelText('删除图片 1'));
    await waitFor(() => expect(bodies(server(), '/api/v1/video_task/delete_file_url')).toHaveLength(1));
    expect(screen.getAllByRole('img')).toHaveLength(1);
  });

  it('refuses a file that is not a picture before uploading it, and takes 9 at most', () => {
    acceptUploads('hold');
    render();
    pick(new File(['x'], 'a.gif', { type: 'image/gif' }));
    expect(screen.queryAllByRole('img')).toHaveLength(0);
    pick(...Array.from({ length: 10 }, (_, i) => png(`${i}.png`)));
    expect(screen.getAllByRole('img')).toHaveLength(9);
    expect(screen.queryByText('选择图片')).toBeNull();
  });

  it('submits once with the form, then redirects to 生成视频成功 with the task id', async () => {
    acceptUploads();
    api(server(), SAVE, answer(task({ id: '77' })));
    const nav = fakeNavigation();
    render();
    fill(' 我的视频 ', '第一行\n\n 第二行 ');
    pick(png());
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    const button = submitButton();
    fireEvent.click(button);
    fireEvent.click(button); // a second tap in the same moment sends nothing more
    await waitFor(() => expect(nav.calls).toEqual(['redirectTo /pagesA/create/createSuccess?id=77']));
    const sent = bodies(server(), SAVE);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ title: '我的视频', prompt: '第一行 第二行', images: ['/files/u/1/1.png'], templateId: '', aspectRatio: '9:16', duration: 5, captionStyle: 'template' });
    expect(sent[0]!.clientRequestId).toMatch(/^[0-9a-f]{32}$/);
    await waitFor(() => expect(session.get()?.createNum).toBe(5)); // the balance asked again
  });

  it('a retry after a failure sends the same clientRequestId, and keeps what was typed', async () => {
    let attempt = 0;
    api(server(), SAVE, () => (++attempt === 1 ? answer(null, 2, '标题含有不支持的字符') : answer(task({ id: '78' }))));
    fakeNavigation();
    render();
    fill('标题', '文案');
    fireEvent.click(submitButton());
    await waitFor(() => expect(bodies(server(), SAVE)).toHaveLength(1));
    await screen.findByText('标题含有不支持的字符');
    expect((screen.getByPlaceholderText('给视频起个名字（30 字以内）') as HTMLInputElement).value).toBe('标题');
    fireEvent.click(submitButton());
    await waitFor(() => expect(bodies(server(), SAVE)).toHaveLength(2));
    const [first, second] = bodies(server(), SAVE);
    expect(second!.clientRequestId).toBe(first!.clientRequestId);
    // The balance is asked again after a success: let that land here, not in the next test.
    await waitFor(() => expect(session.get()?.createNum).toBe(5));
  });

  it('not enough points: a dialog that leads to 兑换激活码, and nothing is sent', async () => {
    act(() => session.set(testUser({ createNum: 3 })));
    render();
    fill('标题', '文案');
    await waitFor(() => expect(screen.getByLabelText('消耗积分').textContent).toBe('5'));
    expect(screen.getByText('当前积分 3，不足')).toBeTruthy();
    fireEvent.click(submitButton());
    await screen.findByText('生成这个视频需要 5 积分，当前积分 3。兑换激活码即可获得积分。');
    fireEvent.click(screen.getByText('兑换激活码'));
    await screen.findByPlaceholderText(/激活码/);
    expect(bodies(server(), SAVE)).toHaveLength(0);
  });

  it('the server saying 积分不足 (rspCode 3) opens the same dialog', async () => {
    api(server(), SAVE, answer(null, 3, '积分不足'));
    render();
    fill('标题', '文案');
    await waitFor(() => expect(screen.getByLabelText('消耗积分').textContent).toBe('5'));
    fireEvent.click(submitButton());
    await screen.findByText('兑换激活码');
  });

  describe('视频模型', () => {
    const builtin = { id: 'builtin', name: '图文成片', description: '照片与文案成片', modes: ['text', 'image'], aspectRatios: ['9:16', '16:9', '1:1'], minDuration: 5, maxDuration: 60, pointsPerSecond: 1, default: true };
    const kling = { id: 'kling', name: '可灵', description: '一句话生成动态画面', modes: ['text'], aspectRatios: ['16:9', '9:16'], minDuration: 5, maxDuration: 60, pointsPerSecond: 4, default: false };
    beforeEach(() => {
      api(server(), '/api/v1/video_task/models', answer({ list: [builtin, kling] }));
      api(server(), '/api/v1/video_task/quote', (body) => answer({ cost: (body.model === 'kling' ? 4 : 1) * (body.duration as number), balance: 100, enough: true }));
      act(() => session.set(testUser({ createNum: 100 })));
    });

    it('offers the models as cards with their price; the chosen one is quoted, limits the ratio and is saved', async () => {
      api(server(), SAVE, answer(task({ id: '78', model: 'kling' })));
      const nav = fakeNavigation();
      render({ aspectRatio: '1:1' });
      const card = await screen.findByRole('radio', { name: /可灵/ });
      expect(card.textContent).toContain('4 积分/秒');
      expect(card.textContent).toContain('文生视频');
      expect(screen.getByRole('radio', { name: /图文成片/ }).getAttribute('aria-checked')).toBe('true');
      await waitFor(() => expect(screen.getByLabelText('消耗积分').textContent).toBe('5'));
      fireEvent.click(card);
      // 1:1 is not among what it makes: the form moves to a ratio it does make, and 1:1 is off.
      await waitFor(() => expect(screen.getByRole('radio', { name: /16:9/ }).getAttribute('aria-checked')).toBe('true'));
      expect((screen.getByRole('radio', { name: /1:1/ }) as HTMLButtonElement).disabled).toBe(true);
      await waitFor(() => expect(screen.getByLabelText('消耗积分').textContent).toBe('20'));
      expect(bodies(server(), '/api/v1/video_task/quote').at(-1)).toMatchObject({ model: 'kling', aspectRatio: '16:9', duration: 5, pictures: 0 });
      fill('标题', '文案');
      fireEvent.click(submitButton());
      await waitFor(() => expect(nav.calls).toEqual(['redirectTo /pagesA/create/createSuccess?id=78']));
      expect(bodies(server(), SAVE)[0]).toMatchObject({ model: 'kling', aspectRatio: '16:9' });
    });

    it('a model that cannot start from pictures says so while pictures are in the form', async () => {
      acceptUploads();
      render();
      fireEvent.click(await screen.findByRole('radio', { name: /可灵/ }));
      fill('标题', '文案');
      pick(png());
      await screen.findByText('可灵不能用图片生成，请去掉图片或换一个模型');
      expect(submitButton().disabled).toBe(true);
      fireEvent.click(screen.getByRole('radio', { name: /图文成片/ }));
      await waitFor(() => expect(submitButton().disabled).toBe(false));
    });

    it('with only the built-in renderer on offer, there is nothing to choose', async () => {
      api(server(), '/api/v1/video_task/models', answer({ list: [builtin] }));
      render();
      await waitFor(() => expect(screen.getByLabelText('消耗积分').textContent).toBe('5'));
      expect(screen.queryByRole('radiogroup', { name: '视频模型' })).toBeNull();
    });
  });

  describe('字幕样式', () => {
    it('offers the template’s own look and three others as cards; the chosen one is saved', async () => {
      api(server(), SAVE, answer(task({ id: '79', captionStyle: 'bold' })));
      const nav = fakeNavigation();
      render();
      const group = screen.getByRole('radiogroup', { name: '字幕样式' });
      const cards = Array.from(group.querySelectorAll('[role="radio"]'));
      expect(cards.map((c) => c.querySelector('.cr-caption-style-name')?.textContent)).toEqual(['跟随模板', '经典', '醒目', '电影字幕']);
      expect(screen.getByRole('radio', { name: /跟随模板/ }).getAttribute('aria-checked')).toBe('true');
      // Each card draws its caption the way the look does.
      expect(group.querySelector('.cr-caption-preview--bold .cr-caption-preview-text')?.textContent).toBe('字幕');
      fireEvent.click(screen.getByRole('radio', { name: /醒目/ }));
      expect(screen.getByRole('radio', { name: /醒目/ }).getAttribute('aria-checked')).toBe('true');
      expect(screen.getByRole('radio', { name: /跟随模板/ }).getAttribute('aria-checked')).toBe('false');
      fill('标题', '文案');
      fireEvent.click(submitButton());
      await waitFor(() => expect(nav.calls).toHaveLength(1));
      expect(bodies(server(), SAVE)[0]).toMatchObject({ captionStyle: 'bold' });
    });
  });

  describe('建议时长', () => {
    const spinner = () => screen.getByRole('spinbutton') as HTMLInputElement;

    it('suggests a length from the script and the pictures, applied only with a tap', async () => {
      acceptUploads();
      render();
      expect(screen.queryByText(/建议时长/)).toBeNull(); // nothing to go on yet
      // 40 characters read at ~4 a second, after the 1.5 s title card: 12 s.
      fill('标题', '一二三四五六七八九十'.repeat(4));
      expect(screen.getByText('建议时长 12 秒')).toBeTruthy();
      expect(spinner().value).toBe('5'); // a hint, not a change
      fireEvent.click(screen.getByRole('button', { name: '使用' }));
      expect(spinner().value).toBe('12');
      expect(screen.queryByText(/建议时长/)).toBeNull();
      await waitFor(() => expect(screen.getByLabelText('消耗积分').textContent).toBe('12'));

      // More pictures than the script needs time for: about 3 s each. The length set stays as it was.
      fill('标题', '短文案');
      pick(png('a.png'), png('b.png'), png('c.png'), png('d.png'), png('e.png'));
      await waitFor(() => expect(screen.getByText('建议时长 17 秒')).toBeTruthy());
      expect(spinner().value).toBe('12');
    });

    it('stays within what can be made', () => {
      const limits = { min: 5, max: 60 };
      expect(suggestDuration({ title: '', prompt: '', pictures: 0, ...limits })).toBeUndefined();
      expect(suggestDuration({ title: '标题', prompt: '好', pictures: 0, ...limits })).toBe(5);
      expect(suggestDuration({ title: '标题', prompt: '字'.repeat(500), pictures: 9, ...limits })).toBe(60);
      expect(suggestDuration({ title: '标题', prompt: '字'.repeat(100), pictures: 9, min: 5, max: 10 })).toBe(10);
      // Spaces and line breaks are not read.
      expect(suggestDuration({ title: '', prompt: '一二三四 \n 五六七八', pictures: 0, min: 1, max: 60 })).toBe(2);
    });
  });
});

describe('极速生成视频 keeps a draft (docs/product.md "Drafts")', () => {
  const titleBox = () => screen.getByPlaceholderText('给视频起个名字（30 字以内）') as HTMLInputElement;
  const promptBox = () => screen.getByPlaceholderText('写下视频要讲的内容，会作为字幕出现在视频里') as HTMLTextAreaElement;

  it('leaving a filled form keeps it; coming back restores title, script, the uploaded picture and choices; 清空 clears all', async () => {
    acceptUploads();
    const first = render();
    fill('海边的早晨', '风很轻。');
    fireEvent.click(screen.getByRole('radio', { name: /16:9/ }));
    pick(png());
    await waitFor(() => expect(document.querySelector('.cr-picture[data-status="done"]')).toBeTruthy(), { timeout: 5000 });
    await waitFor(() => expect(loadDraft(testUser().id)?.pictures).toEqual(['/files/u/1/1.png']));
    first.unmount();

    render();
    expect(screen.getByText('已恢复上次未提交的草稿')).toBeTruthy();
    expect(titleBox().value).toBe('海边的早晨');
    expect(promptBox().value).toBe('风很轻。');
    expect(screen.getByRole('radio', { name: /16:9/ }).getAttribute('aria-checked')).toBe('true');
    const picture = document.querySelector('.cr-picture[data-status="done"] img') as HTMLImageElement;
    expect(picture.getAttribute('src')).toMatch(/\/files\/u\/1\/1\.png$/); // the file uploaded before
    expect(uploads).toBe(1); // nothing uploaded again
    await waitFor(() => expect(submitButton().disabled).toBe(false));

    api(server(), '/api/v1/video_task/delete_file_url', answer({}));
    fireEvent.click(screen.getByRole('button', { name: '清空' }));
    await screen.findByText('标题、文案、图片和所选设置都会清空，确定吗？');
    fireEvent.click(screen.getAllByText('清空').at(-1)!);
    await waitFor(() => expect(titleBox().value).toBe(''));
    expect(promptBox().value).toBe('');
    expect(document.querySelectorAll('.cr-picture[data-status]')).toHaveLength(0);
    expect(screen.getByRole('radio', { name: /9:16/ }).getAttribute('aria-checked')).toBe('true');
    expect(loadDraft(testUser().id)).toBeNull();
    expect(screen.queryByText('已恢复上次未提交的草稿')).toBeNull();
    // The new form's calls answered before the test server closes (a failed call would toast after the test).
    await waitFor(() => expect(screen.getByLabelText('消耗积分').textContent).toBe('5'));
    await screen.findByRole('radio', { name: '旅行日记' });
  });

  it('做同款 with a draft: the template, its shape and length win; the draft’s words stay', async () => {
    const first = render();
    fill('我的草稿', '草稿文案');
    fireEvent.click(screen.getByRole('radio', { name: /1:1/ }));
    await waitFor(() => expect(loadDraft(testUser().id)?.aspectRatio).toBe('1:1'));
    first.unmount();

    render({ templateId: '7', aspectRatio: '16:9', duration: '15' });
    expect(titleBox().value).toBe('我的草稿');
    expect(promptBox().value).toBe('草稿文案');
    expect(screen.getByRole('radio', { name: /16:9/ }).getAttribute('aria-checked')).toBe('true');
    expect((screen.getByRole('spinbutton') as HTMLInputElement).value).toBe('15');
  });

  it('a submitted video leaves no draft', async () => {
    api(server(), SAVE, answer(task({ id: '77' })));
    fakeNavigation();
    render();
    fill('标题', '文案');
    await waitFor(() => expect(loadDraft(testUser().id)?.title).toBe('标题'));
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    fireEvent.click(submitButton());
    await waitFor(() => expect(bodies(server(), SAVE)).toHaveLength(1));
    await waitFor(() => expect(loadDraft(testUser().id)).toBeNull());
  });

  it('a draft picture the server no longer has says so, blocks submit, and a tap takes it out', async () => {
    const first = render();
    fill('旧草稿', '文案');
    await waitFor(() => expect(loadDraft(testUser().id)?.title).toBe('旧草稿'));
    first.unmount();
    const stored = loadDraft(testUser().id)!;
    localStorage.setItem(draftKey(testUser().id), JSON.stringify({ ...stored, pictures: ['/files/u/1/gone.png'] }));

    render();
    api(server(), '/api/v1/video_task/delete_file_url', answer({}));
    fireEvent.error(document.querySelector('.cr-picture img')!);
    await screen.findByText(/图片已失效/);
    expect(screen.getByText('有图片上传失败，请重试或删除')).toBeTruthy();
    fireEvent.click(screen.getByText(/图片已失效/));
    await waitFor(() => expect(document.querySelectorAll('.cr-picture[data-status]')).toHaveLength(0));
    expect(loadDraft(testUser().id)?.pictures).toEqual([]);
    await waitFor(() => expect(bodies(server(), '/api/v1/video_task/quote').at(-1)?.pictures).toBe(0));
    await waitFor(() => expect(screen.getByLabelText('消耗积分').textContent).toBe('5'));
  });

  it('reads nothing from a stored value that is not a draft', () => {
    localStorage.setItem(draftKey('u1'), '{"title": 5}');
    expect(loadDraft('u1')).toBeNull();
    localStorage.setItem(draftKey('u1'), 'not json');
    expect(loadDraft('u1')).toBeNull();
  });
});
