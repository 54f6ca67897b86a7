import { session, STS_POLICY_URL, toast } from '@app/shared';
import { sendJson, sendRaw, useTestServer, type TestServer } from '@app/shared/src/request/test-server';
import { testUser } from '@app/shared/test/fixtures';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderPage } from '../../test-page';
import { CHANGE_INFO_URL } from './change-info';
import ProfilePage from './profile-page';
import { squareAvatar } from './square-avatar';

jest.mock('@app/shared/src/ui/toast', () => ({ showToast: jest.fn(), toast: jest.fn() }));
// jsdom draws no pictures (no createImageBitmap, no canvas): the crop itself is tested in a real
// browser (packages/e2e/tests/account.test.ts). Here, the page must upload what it returns.
jest.mock('./square-avatar', () => ({
  squareAvatar: jest.fn(async (file: File) => (file.type === 'image/gif' ? file : new File(['square pixels'], file.name, { type: file.type }))),
}));

const user = testUser({ phone: '13800138000', nickname: '小明', name: '' });
const policy = {
  host: '/files',
  dir: 'users/1/',
  key: 'users/1/avatar/new.png',
  expire: 0,
  maxSize: 10 * 1024 * 1024,
  contentTypes: ['image/jpeg', 'image/png', 'image/webp'],
  fields: { policy: 'p', signature: 's' },
  url: '/files/users/1/avatar/new.png',
};

let server: TestServer;
const testServer = useTestServer();

beforeAll(() => {
  server = testServer();
});

beforeEach(() => {
  jest.mocked(toast).mockClear();
  act(() => session.set(user));
});

afterEach(() => act(() => session.clear()));

/** change_info answers the user with the change applied, as the server does. */
function answerChangeInfo() {
  server.route(CHANGE_INFO_URL, (req, res) => {
    const { token: _token, ...change } = JSON.parse(req.body) as Record<string, string>;
    sendJson(res, 200, { rspCode: 0, rspMsg: '成功', data: { ...session.get(), ...change } });
  });
}

const nickname = () => screen.getByRole('textbox', { name: '昵称' }) as HTMLInputElement;
const name = () => screen.getByRole('textbox', { name: '姓名' }) as HTMLInputElement;
const save = () => screen.getByRole('button', { name: '保存' });
const changeInfoCalls = () => server.received.filter((r) => r.path === CHANGE_INFO_URL).map((r) => JSON.parse(r.body) as Record<string, string>);

it('signed out: asks to sign in', () => {
  act(() => session.clear());
  renderPage(<ProfilePage />, 'pagesA/my/profile');
  expect(screen.getByText('登录后查看个人资料')).toBeTruthy();
});

it('shows the nickname, the name and the phone read-only; 保存 waits for a change', () => {
  renderPage(<ProfilePage />, 'pagesA/my/profile');
  expect(nickname().value).toBe('小明');
  expect(name().value).toBe('');
  expect(screen.getByText('138****8000')).toBeTruthy();
  expect(save().hasAttribute('disabled')).toBe(true);
  // A change made elsewhere (another remote, another tab) shows while nothing is being edited.
  act(() => session.update({ nickname: '别处改的' }));
  expect(nickname().value).toBe('别处改的');
});

it('saves nickname and name (trimmed) once, and the session shows them at once', async () => {
  answerChangeInfo();
  renderPage(<ProfilePage />, 'pagesA/my/profile');
  fireEvent.change(nickname(), { target: { value: '  阿明 ' } });
  fireEvent.change(name(), { target: { value: '王明' } });
  fireEvent.click(save());
  fireEvent.click(save());
  await waitFor(() => expect(session.get()).toMatchObject({ nickname: '阿明', name: '王明' }));
  expect(changeInfoCalls()).toEqual([{ token: 'token-1', nickname: '阿明', name: '王明' }]);
  expect(toast).toHaveBeenCalledWith('已保存');
  await waitFor(() => expect(save().hasAttribute('disabled')).toBe(true));
  expect(nickname().value).toBe('阿明');
});

it('validates in Chinese before sending', async () => {
  renderPage(<ProfilePage />, 'pagesA/my/profile');
  fireEvent.change(nickname(), { target: { value: '   ' } });
  fireEvent.click(save());
  expect(await screen.findByText('请输入昵称')).toBeTruthy();
  expect(server.received).toHaveLength(0);
});

it("a refusal shows the server's words and keeps what was typed", async () => {
  server.route(CHANGE_INFO_URL, (_req, res) => sendJson(res, 200, { rspCode: 2, rspMsg: '昵称不能包含控制字符', data: null }));
  renderPage(<ProfilePage />, 'pagesA/my/profile');
  fireEvent.change(nickname(), { target: { value: '新昵称' } });
  fireEvent.click(save());
  await waitFor(() => expect(screen.getByLabelText('保存结果').textContent).toBe('昵称不能包含控制字符'));
  expect(nickname().value).toBe('新昵称');
  expect(session.get()?.nickname).toBe('小明');
});

describe('avatar', () => {
  const pick = (file: File) => fireEvent.change(screen.getByLabelText('选择头像'), { target: { files: [file] } });
  const png = () => new File(['pixels'], 'me.png', { type: 'image/png' });

  it('uploads through the signed policy with progress, then saves it: the session holds the new avatar', async () => {
    jest.mocked(squareAvatar).mockClear();
    server.route(STS_POLICY_URL, (_req, res) => sendJson(res, 200, { rspCode: 0, rspMsg: '成功', data: policy }));
    let finishUpload: () => void = () => undefined;
    server.route('/files', (_req, res) => {
      finishUpload = () => sendRaw(res, 204, '', 'text/plain');
    });
    answerChangeInfo();
    renderPage(<ProfilePage />, 'pagesA/my/profile');
    pick(png());
    expect(await screen.findByLabelText('上传进度')).toBeTruthy();
    await waitFor(() => expect(server.received.some((r) => r.path === '/files')).toBe(true));
    finishUpload();
    await waitFor(() => expect(session.get()?.avatar).toBe(policy.url));
    expect(JSON.parse(server.received[0]!.body)).toEqual({ token: 'token-1', kind: 'avatar' });
    // The picture sent is the square drawn from the one picked.
    expect(jest.mocked(squareAvatar).mock.calls.map(([file]) => file.name)).toEqual(['me.png']);
    const sent = server.received.find((r) => r.path === '/files')!.body;
    expect(sent).toContain('square pixels');
    expect(sent).not.toContain('\r\npixels');
    expect(changeInfoCalls()).toEqual([{ token: 'token-1', avatar: policy.url }]);
    expect(toast).toHaveBeenCalledWith('头像已更新');
    await waitFor(() => expect(screen.queryByLabelText('上传进度')).toBeNull());
  });

  it('a wrong file says so and sends nothing', async () => {
    renderPage(<ProfilePage />, 'pagesA/my/profile');
    pick(new File(['GIF89a'], 'a.gif', { type: 'image/gif' }));
    expect(await screen.findByText('只能上传 JPG、PNG 或 WEBP 图片')).toBeTruthy();
    expect(server.received).toHaveLength(0);
  });

  it("the store's refusal is shown, and the avatar stays as it was", async () => {
    server.route(STS_POLICY_URL, (_req, res) => sendJson(res, 200, { rspCode: 0, rspMsg: '成功', data: policy }));
    server.route('/files', (_req, res) => sendJson(res, 403, { msg: '上传凭证已过期' }));
    renderPage(<ProfilePage />, 'pagesA/my/profile');
    pick(png());
    expect(await screen.findByText('上传凭证已过期')).toBeTruthy();
    expect(session.get()?.avatar).toBe('');
    expect(changeInfoCalls()).toEqual([]);
  });

  it('leaving the page stops an upload under way', async () => {
    server.route(STS_POLICY_URL, (_req, res) => sendJson(res, 200, { rspCode: 0, rspMsg: '成功', data: policy }));
    let finishUpload: () => void = () => undefined;
    server.route('/files', (_req, res) => {
      finishUpload = () => sendRaw(res, 204, '', 'text/plain');
    });
    answerChangeInfo();
    const { unmount } = renderPage(<ProfilePage />, 'pagesA/my/profile');
    pick(png());
    await waitFor(() => expect(server.received.some((r) => r.path === '/files')).toBe(true));
    unmount();
    // Had the upload gone on, this answer would lead to change_info.
    finishUpload();
    await new Promise((r) => setTimeout(r, 100));
    expect(changeInfoCalls()).toEqual([]);
  });
});
