import { followVoiceDuration, type Voice } from '@app/contract';
import { testUser } from '@app/shared/test/fixtures';
import { useTestServer } from '@app/shared/src/request/test-server';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { session } from '@app/shared';
import { page, task, template } from '../../test/fixtures';
import { answer, api, bodies, clearOverlays, fakeNavigation, renderPage } from '../../test/render-page';
import AddVideoPage from './add-video-page';

const server = useTestServer();
const SAVE = '/api/v1/video_task/save';
const QUOTE = '/api/v1/video_task/quote';
const render = () => renderPage(<AddVideoPage />, { route: 'pagesA/create/addVideo' });

const voice = (overrides: Partial<Voice>): Voice => ({
  id: 'minimax:female-shaonv', name: '少女', gender: 'female', description: '清亮活泼的少女声', language: 'zh-CN', provider: 'minimax',
  sampleUrl: '/files/voice-samples/a.wav', minSpeed: 0.5, maxSpeed: 2, ...overrides,
});
const VOICES = [
  voice({}),
  voice({ id: 'volc:BV002_streaming', name: '通用男声', gender: 'male', description: '平实清楚的男声', provider: 'volc', sampleUrl: '', minSpeed: 0.8, maxSpeed: 2 }),
];

const fill = (title: string, prompt: string) => {
  fireEvent.change(screen.getByPlaceholderText('给视频起个名字（30 字以内）'), { target: { value: title } });
  fireEvent.change(screen.getByPlaceholderText('写下视频要讲的内容，会作为字幕出现在视频里'), { target: { value: prompt } });
};
const submitButton = () => screen.getByRole('button', { name: '生成视频' }) as HTMLButtonElement;
const lastQuote = () => bodies(server(), QUOTE).at(-1)!;

let played: string[] = [];
beforeEach(() => {
  played = [];
  jest.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    played.push(this.src);
    return Promise.resolve();
  });
  jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  act(() => session.set(testUser({ createNum: 100 })));
  api(server(), '/api/v1/sysVideo/list', answer(page([template()])));
  api(server(), QUOTE, (body) => answer({ cost: (body.duration as number) + (body.voice ? 2 : 0), balance: 100, enough: true, voicePoints: body.voice ? 2 : 0 }));
  api(server(), '/api/v1/account/getAccountInfo', answer(testUser({ createNum: 90 })));
  api(server(), SAVE, answer(task({ id: '88', status: 'queued' })));
});
afterEach(() => {
  jest.restoreAllMocks();
  act(() => {
    session.clear();
    clearOverlays();
  });
});

describe('极速生成视频: 配音', () => {
  it('offers no 配音 while the server has no voice', async () => {
    api(server(), '/api/v1/video_task/voices', answer({ list: [], pointsPerVideo: 2 }));
    render();
    await waitFor(() => expect(bodies(server(), '/api/v1/video_task/voices')).toHaveLength(1));
    await waitFor(() => expect(screen.getByLabelText('消耗积分').textContent).toBe('5'));
    expect(screen.queryByRole('radiogroup', { name: '配音' })).toBeNull();
  });

  it('lists 无配音 and the voices, plays a sample, and adds the narration to the price and the video', async () => {
    api(server(), '/api/v1/video_task/voices', answer({ list: VOICES, pointsPerVideo: 2 }));
    const nav = fakeNavigation();
    render();
    const group = await screen.findByRole('radiogroup', { name: '配音' });
    expect(screen.getByRole('radio', { name: /无配音/ }).getAttribute('aria-checked')).toBe('true');
    expect(group.textContent).toContain('通用男声');
    // A sample not made yet has no play button.
    expect(screen.queryByLabelText('试听通用男声')).toBeNull();
    fireEvent.click(screen.getByLabelText('试听少女'));
    expect(played).toEqual([expect.stringContaining('/files/voice-samples/a.wav')]);
    expect(screen.getByLabelText('停止少女')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: /少女/ }));
    fireEvent.click(screen.getByRole('radio', { name: '1.2×' }));
    await waitFor(() => expect(lastQuote()).toMatchObject({ voice: 'minimax:female-shaonv', voiceSpeed: 1.2, duration: 5 }));
    await waitFor(() => expect(screen.getByLabelText('消耗积分').textContent).toBe('7'));
    expect(screen.getByText(/含配音 2/)).toBeTruthy();

    fill('海边', '海风吹过。');
    fireEvent.click(submitButton());
    await waitFor(() => expect(nav.calls).toEqual(['redirectTo /pagesA/create/createSuccess?id=88']));
    expect(bodies(server(), SAVE)[0]).toMatchObject({ voice: 'minimax:female-shaonv', voiceSpeed: 1.2, followVoice: false, duration: 5 });
  });

  it('offers only the speeds the voice takes, and going back to 无配音 sends no narration', async () => {
    api(server(), '/api/v1/video_task/voices', answer({ list: VOICES, pointsPerVideo: 2 }));
    render();
    fireEvent.click(await screen.findByRole('radio', { name: /通用男声/ }));
    const speeds = screen.getByRole('radiogroup', { name: '语速' });
    expect(Array.from(speeds.querySelectorAll('[role=radio]'), (b) => b.textContent)).toEqual(['0.8×', '1×', '1.2×', '1.5×']);
    fireEvent.click(screen.getByRole('radio', { name: /无配音/ }));
    expect(screen.queryByRole('radiogroup', { name: '语速' })).toBeNull();
    await waitFor(() => expect(lastQuote().voice).toBeUndefined());
  });

  it('跟随配音时长 sets the length from the script and the speed; a script too long for the video is said before sending', async () => {
    api(server(), '/api/v1/video_task/voices', answer({ list: VOICES, pointsPerVideo: 2 }));
    render();
    fireEvent.click(await screen.findByRole('radio', { name: /少女/ }));
    const script = '清晨的阳光洒在湖面上，我们划着小船出发，远处的山和近处的花都在向我们问好。';
    fill('湖边', script);
    // 5 s cannot hold it: the form says how long it needs, and nothing can be sent.
    expect(screen.getByText(/文案朗读约需 \d+ 秒，请加长视频或精简文案/)).toBeTruthy();
    expect(submitButton().disabled).toBe(true);
    fireEvent.click(screen.getByRole('switch', { name: '跟随配音时长' }));
    const expected = followVoiceDuration(script, 1);
    await waitFor(() => expect((screen.getByRole('spinbutton') as HTMLInputElement).value).toBe(String(expected)));
    await waitFor(() => expect(lastQuote()).toMatchObject({ duration: expected, voice: 'minimax:female-shaonv' }));
    expect(submitButton().disabled).toBe(false);
    fireEvent.click(submitButton());
    await waitFor(() => expect(bodies(server(), SAVE)).toHaveLength(1));
    expect(bodies(server(), SAVE)[0]).toMatchObject({ followVoice: true, duration: expected, voiceSpeed: 1 });
  });
});
