import { testUser } from '@app/shared/test/fixtures';
import { useTestServer } from '@app/shared/src/request/test-server';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError, RequestError, session, toast, writeScriptStreamed } from '@app/shared';
import { answer, api, bodies, clearOverlays, renderPage } from '../../test/render-page';
import AddVideoPage from './add-video-page';

// jsdom has no fetch with streams: the stream itself is the shared layer's (its own tests); here a
// stand-in of it hands the page text in pieces, when the test says.
jest.mock('@app/shared', () => ({ ...jest.requireActual('@app/shared'), writeScriptStreamed: jest.fn(), toast: jest.fn(() => Promise.resolve()) }));
const streamed = jest.mocked(writeScriptStreamed);

const server = useTestServer();
const render = () => renderPage(<AddVideoPage />, { route: 'pagesA/create/addVideo' });
const titleBox = () => screen.getByPlaceholderText('给视频起个名字（30 字以内）');
const scriptBox = () => screen.getByPlaceholderText('写下视频要讲的内容，会作为字幕出现在视频里') as HTMLTextAreaElement;

/** A call under the test's control: `send` hands the page more text, `finish`/`fail` end it. */
function controlledCall() {
  let onText: (text: string) => void = () => undefined;
  let signal: AbortSignal | undefined;
  let settle: { resolve(script: string): void; reject(error: unknown): void } | undefined;
  streamed.mockImplementation((_body, options) => {
    onText = options.onText;
    signal = options.signal;
    return new Promise((resolve, reject) => {
      settle = { resolve, reject };
      options.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });
  });
  return {
    send: (text: string) => act(() => onText(text)),
    finish: (script: string) => act(async () => settle!.resolve(script)),
    fail: (error: unknown) => act(async () => settle!.reject(error)),
    aborted: () => signal?.aborted === true,
  };
}

beforeEach(() => {
  streamed.mockReset();
  jest.mocked(toast).mockClear();
  act(() => session.set(testUser({ createNum: 10 })));
  api(server(), '/api/v1/sysVideo/list', answer({ list: [], total: 0, page: 1, pageSize: 10, hasMore: false }));
  api(server(), '/api/v1/video_task/quote', (body) => answer({ cost: body.duration, balance: 10, enough: true }));
  api(server(), '/api/v1/account/getAccountInfo', answer(testUser({ createNum: 8 })));
  api(server(), '/api/v1/ai/features', answer({ writeScript: { available: true, points: 2 } }));
});
afterEach(async () => {
  // Each finished call refreshes the balance: that answer arrives before the test server goes.
  await waitFor(() => expect(bodies(server(), '/api/v1/account/getAccountInfo')).toHaveLength(streamed.mock.calls.length));
  if (streamed.mock.calls.length > 0) await waitFor(() => expect(session.get()?.createNum).toBe(8));
  act(() => {
    session.clear();
    clearOverlays();
  });
});

describe('AI 帮写 on 极速生成视频', () => {
  it('is not shown when the server does not offer it', async () => {
    api(server(), '/api/v1/ai/features', answer({ writeScript: { available: false, points: 0 } }));
    render();
    await waitFor(() => expect(screen.getByLabelText('消耗积分').textContent).toBe('5'));
    expect(screen.queryByRole('button', { name: 'AI 帮写' })).toBeNull();
  });

  it('shows its price, and asks for the title first', async () => {
    render();
    await screen.findByRole('button', { name: 'AI 帮写' });
    expect(screen.getByText('消耗 2 积分')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'AI 帮写' }));
    expect(toast).toHaveBeenCalledWith('请先填写标题，AI 会按标题来写');
    expect(streamed).not.toHaveBeenCalled();
  });

  it('fills the script box as the text arrives, then with the finished script', async () => {
    const call = controlledCall();
    render();
    fireEvent.change(titleBox(), { target: { value: ' 春日出游 ' } });
    fireEvent.click(await screen.findByRole('button', { name: 'AI 帮写' }));
    expect(streamed.mock.calls[0]![0]).toEqual({ title: '春日出游', duration: 5 });
    expect(screen.getByRole('button', { name: '停止' })).toBeTruthy();
    expect(screen.getByText('AI 正在写…')).toBeTruthy();
    call.send('春日出游');
    expect(scriptBox().value).toBe('春日出游');
    call.send('春日出游来了！\n跟着');
    expect(scriptBox().value).toBe('春日出游来了！跟着');
    await call.finish('春日出游来了！跟着镜头慢慢看。');
    expect(scriptBox().value).toBe('春日出游来了！跟着镜头慢慢看。');
    expect(screen.getByRole('button', { name: 'AI 帮写' })).toBeTruthy();
  });

  it('停止 aborts the call and keeps what was written', async () => {
    const call = controlledCall();
    render();
    fireEvent.change(titleBox(), { target: { value: '春日出游' } });
    fireEvent.click(await screen.findByRole('button', { name: 'AI 帮写' }));
    call.send('春日出游来了！');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '停止' })));
    expect(call.aborted()).toBe(true);
    expect(scriptBox().value).toBe('春日出游来了！');
    expect(screen.getByRole('button', { name: 'AI 帮写' })).toBeTruthy();
    expect(toast).not.toHaveBeenCalled();
  });

  it("a failure shows the server's words and puts the user's own script back", async () => {
    const call = controlledCall();
    render();
    fireEvent.change(titleBox(), { target: { value: '春日出游' } });
    fireEvent.change(scriptBox(), { target: { value: '我自己写的' } });
    fireEvent.click(await screen.findByRole('button', { name: 'AI 帮写' }));
    // What the box held goes to the AI as the user's wish.
    expect(streamed.mock.calls[0]![0]).toEqual({ title: '春日出游', duration: 5, hint: '我自己写的' });
    call.send('写到一半');
    await call.fail(new ApiError({ rspCode: 1, rspMsg: 'AI 帮写暂时不可用，请稍后再试，积分已退还' }));
    expect(scriptBox().value).toBe('我自己写的');
    expect(toast).toHaveBeenCalledWith('AI 帮写暂时不可用，请稍后再试，积分已退还');
  });

  it('not enough points and too many tries say so in Chinese', async () => {
    let call = controlledCall();
    render();
    fireEvent.change(titleBox(), { target: { value: '春日出游' } });
    fireEvent.click(await screen.findByRole('button', { name: 'AI 帮写' }));
    await call.fail(new ApiError({ rspCode: 3, rspMsg: '积分不足' }));
    expect(toast).toHaveBeenLastCalledWith('积分不足，AI 帮写需要 2 积分');
    call = controlledCall();
    fireEvent.click(screen.getByRole('button', { name: 'AI 帮写' }));
    await call.fail(new RequestError('操作过于频繁，请 1 分钟后再试', { errMsg: 'request:fail 429', status: 429 }));
    expect(toast).toHaveBeenLastCalledWith('操作过于频繁，请 1 分钟后再试');
  });
});
