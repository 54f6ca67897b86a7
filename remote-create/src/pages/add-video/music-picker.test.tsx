import { testUser } from '@app/shared/test/fixtures';
import { neverAnswer, sendJson, sendRaw, useTestServer } from '@app/shared/src/request/test-server';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { session } from '@app/shared';
import { page, task, template } from '../../test/fixtures';
import { answer, api, bodies, clearOverlays, fakeNavigation, renderPage } from '../../test/render-page';
import AddVideoPage from './add-video-page';

const server = useTestServer();
const SAVE = '/api/v1/video_task/save';
const render = () => renderPage(<AddVideoPage />, { route: 'pagesA/create/addVideo', query: {} });

const MUSIC = [
  { id: 'gen:travel', title: '轻快旅行', mood: 'travel', durationSeconds: 0, sampleUrl: null, kind: 'generated' },
  { id: 'gen:festival', title: '喜庆节日', mood: 'festival', durationSeconds: 0, sampleUrl: null, kind: 'generated' },
  { id: 'track:3', title: '小馆时光', mood: 'food', durationSeconds: 95, sampleUrl: '/files/music/abc.mp3', kind: 'track' },
];

const fill = () => {
  fireEvent.change(screen.getByPlaceholderText('给视频起个名字（30 字以内）'), { target: { value: '春游' } });
  fireEvent.change(screen.getByPlaceholderText('写下视频要讲的内容，会作为字幕出现在视频里'), { target: { value: '花开了。' } });
};
const submitButton = () => screen.getByRole('button', { name: '生成视频' }) as HTMLButtonElement;
const pickMusic = (file: File) => fireEvent.change(screen.getByLabelText('选择音乐文件'), { target: { files: [file] } });
const mp3 = (name = '我的歌.mp3', type = 'audio/mpeg') => new File(['ID3 sound'], name, { type });

/** The store's side: an audio policy, then the bytes taken (204), refused (403 { msg }) or held. */
function acceptAudio(store: 'answer' | 'refuse' | 'hold' = 'answer') {
  api(server(), '/server_api/oss/stsPolicy', (body) =>
    answer({
      host: '/store',
      dir: 'u/1/',
      key: `u/1/${String(body.kind)}/k`,
      expire: 0,
      maxSize: 20 * 1024 * 1024,
      contentTypes: ['audio/mpeg'],
      fields: { policy: 'p', signature: 's' },
      url: '/files/u/1/audio/k',
    }),
  );
  server().route(
    '/store',
    store === 'hold'
      ? neverAnswer
      : store === 'refuse'
        ? (_req, res) => sendJson(res, 403, { msg: '音频格式不支持，请上传 mp3、m4a、aac 或 wav' })
        : (_req, res) => sendRaw(res, 204, '', 'text/plain'),
  );
}

beforeEach(() => {
  act(() => session.set(testUser({ createNum: 10 })));
  api(server(), '/api/v1/sysVideo/list', answer(page([template()])));
  api(server(), '/api/v1/video_task/quote', (body) => answer({ cost: body.duration, balance: 10, enough: true }));
  api(server(), '/api/v1/video_task/music', answer({ list: MUSIC }));
  api(server(), '/api/v1/account/getAccountInfo', answer(testUser({ createNum: 5 })));
});
afterAll(() => jest.restoreAllMocks());
afterEach(() => {
  act(() => {
    session.clear();
    clearOverlays();
  });
});

describe('极速生成视频 · 背景音乐', () => {
  it('offers 模板音乐 (chosen), the moods and tracks from the server, 无音乐, and a ▶ only where a sample exists', async () => {
    render();
    const group = screen.getByRole('radiogroup', { name: '背景音乐' });
    await waitFor(() => expect(screen.getByRole('radio', { name: '小馆时光' })).toBeTruthy());
    const options = Array.from(group.querySelectorAll('[role="radio"]')).map((el) => [el.textContent, el.getAttribute('aria-checked')]);
    expect(options).toEqual([
      ['模板音乐', 'true'],
      ['轻快旅行', 'false'],
      ['喜庆节日', 'false'],
      ['小馆时光', 'false'],
      ['无音乐', 'false'],
    ]);
    expect(screen.getByRole('button', { name: '试听小馆时光' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '试听轻快旅行' })).toBeNull();
  });

  it('plays a track\'s sample on ▶ and stops it on ■', async () => {
    const played: string[] = [];
    // jsdom plays no sound: the element's play and pause are what the picker calls.
    const pause = jest.spyOn(window.HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    jest.spyOn(window.HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      played.push(this.src);
      return Promise.resolve();
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: '试听小馆时光' }));
    expect(played).toEqual([expect.stringMatching(/\/files\/music\/abc\.mp3$/)]);
    fireEvent.click(screen.getByRole('button', { name: '停止小馆时光' }));
    expect(pause).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: '试听小馆时光' })).toBeTruthy();
  });

  it('sends the chosen music and both volumes with the video', async () => {
    api(server(), SAVE, answer(task({ id: '9' })));
    const nav = fakeNavigation();
    render();
    fill();
    fireEvent.click(await screen.findByRole('radio', { name: '喜庆节日' }));
    expect(screen.getByRole('radio', { name: '喜庆节日' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('radio', { name: '模板音乐' }).getAttribute('aria-checked')).toBe('false');
    fireEvent.change(screen.getByLabelText('音乐音量'), { target: { value: '30' } });
    fireEvent.change(screen.getByLabelText('配音音量'), { target: { value: '85' } });
    expect(screen.getByText('30%')).toBeTruthy();
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    fireEvent.click(submitButton());
    await waitFor(() => expect(nav.calls).toEqual(['redirectTo /pagesA/create/createSuccess?id=9']));
    expect(bodies(server(), SAVE)[0]).toMatchObject({ music: 'gen:festival', musicVolume: 30, voiceVolume: 85 });
  });

  it('sends the defaults when nothing is touched: the template\'s music at 60 and 100', async () => {
    api(server(), SAVE, answer(task({ id: '10' })));
    fakeNavigation();
    render();
    fill();
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    fireEvent.click(submitButton());
    await waitFor(() => expect(bodies(server(), SAVE)).toHaveLength(1));
    expect(bodies(server(), SAVE)[0]).toMatchObject({ music: '', musicVolume: 60, voiceVolume: 100 });
  });

  it('uploads the user\'s own music through an audio policy, chooses it, and sends its URL', async () => {
    acceptAudio();
    api(server(), SAVE, answer(task({ id: '11' })));
    fakeNavigation();
    render();
    fill();
    pickMusic(mp3());
    // A policy, then the store: two round trips, slow on a loaded machine.
    await waitFor(() => expect(screen.getByRole('radio', { name: '我的音乐：我的歌.mp3' }).getAttribute('aria-checked')).toBe('true'), { timeout: 5000 });
    expect(bodies(server(), '/server_api/oss/stsPolicy')).toEqual([expect.objectContaining({ kind: 'audio' })]);
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    fireEvent.click(submitButton());
    await waitFor(() => expect(bodies(server(), SAVE)).toHaveLength(1));
    expect(bodies(server(), SAVE)[0]).toMatchObject({ music: '/files/u/1/audio/k' });
  });

  it('waits for the music upload before the video can be submitted', async () => {
    acceptAudio('hold');
    render();
    fill();
    pickMusic(mp3());
    await waitFor(() => expect(screen.getByText('音乐上传中，请稍候')).toBeTruthy());
    expect(submitButton().disabled).toBe(true);
    expect(screen.getByText(/我的歌\.mp3 上传中/)).toBeTruthy();
  });

  it('keeps an uploaded file chosen when a second file is refused', async () => {
    let refuse = false;
    acceptAudio();
    server().route('/store', (_req, res) =>
      refuse ? sendJson(res, 403, { msg: '音频格式不支持，请上传 mp3、m4a、aac 或 wav' }) : sendRaw(res, 204, '', 'text/plain'),
    );
    render();
    pickMusic(mp3('第一首.mp3'));
    await waitFor(() => expect(screen.getByRole('radio', { name: '我的音乐：第一首.mp3' }).getAttribute('aria-checked')).toBe('true'), { timeout: 5000 });
    refuse = true;
    pickMusic(mp3('伪装.mp3'));
    await waitFor(() => expect(document.querySelector('.cr-music-upload .cr-field-note')?.textContent).toBe('音频格式不支持，请上传 mp3、m4a、aac 或 wav'), {
      timeout: 5000,
    });
    expect(screen.getByRole('radio', { name: '我的音乐：第一首.mp3' }).getAttribute('aria-checked')).toBe('true');
  });

  it('shows the store\'s refusal in Chinese and keeps the earlier choice', async () => {
    acceptAudio('refuse');
    render();
    fireEvent.click(await screen.findByRole('radio', { name: '无音乐' }));
    pickMusic(mp3('伪装.mp3'));
    await waitFor(() => expect(document.querySelector('.cr-music-upload .cr-field-note')?.textContent).toBe('音频格式不支持，请上传 mp3、m4a、aac 或 wav'), {
      timeout: 5000,
    });
    expect(screen.getByRole('radio', { name: '无音乐' }).getAttribute('aria-checked')).toBe('true');
  });

  it('refuses a picture picked as music before anything is sent', async () => {
    acceptAudio();
    render();
    pickMusic(new File(['png'], 'photo.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getAllByText('音频格式不支持，请上传 mp3、m4a、aac 或 wav').length).toBeGreaterThan(0));
    expect(bodies(server(), '/server_api/oss/stsPolicy')).toEqual([]);
  });
});
