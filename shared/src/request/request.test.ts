import { testUser } from '../../test/fixtures';
import { USER_INFO_KEY, session } from '../session/session-store';
import { showToast } from '../ui/toast';
import {
  ABORT_ERROR_CODE,
  ApiError,
  NETWORK_ERROR_CODE,
  RequestError,
  callApi,
  downloadFile,
  request,
  uploadFile,
} from './request';
import {
  closedOrigin,
  neverAnswer,
  sendJson,
  sendRaw,
  useTestServer,
  type TestServer,
} from './test-server';

jest.mock('../ui/toast', () => ({ showToast: jest.fn(), toast: jest.fn() }));

const user = testUser();

let server: TestServer;
let closed: string;

const testServer = useTestServer();

beforeAll(async () => {
  server = testServer();
  closed = await closedOrigin();
});

beforeEach(() => {
  jest.mocked(showToast).mockClear();
  session.set(user);
});

/** Either error class, so that each test can read the fields it expects. */
type Rejection = Error &
  Partial<Pick<RequestError, 'status' | 'data' | 'code' | 'errMsg'>> &
  Partial<Pick<ApiError, 'rspCode' | 'rspMsg'>>;

/** What a promise rejected with (fails the test if it resolved). */
async function rejection(promise: Promise<unknown>): Promise<Rejection> {
  try {
    await promise;
  } catch (error) {
    return error as Rejection;
  }
  throw new Error('expected a rejection');
}

/**
 * What a transfer to the closed port rejected with. jsdom reports the refused connection on
 * console.error (silenced: the failure is the point), and leaves its time-out timer running
 * after it, so a short time-out keeps that timer from holding jest open for 60 s.
 */
async function refusedRejection(
  start: (timeout: number) => Promise<unknown>,
): Promise<Rejection> {
  const noise = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    return await rejection(start(500));
  } finally {
    noise.mockRestore();
  }
}

function expectSignedOut(): void {
  expect(session.get()).toBeNull();
  expect(session.getToken()).toBe('');
  expect(localStorage.getItem(USER_INFO_KEY)).toBeNull();
}

describe('what every request carries (docs/product.md "Request wrapper")', () => {
  it('uses GET by default and resolves with the body of a 2xx answer', async () => {
    server.route('/ok', (_req, res) => sendJson(res, 200, { rspCode: 0, rspMsg: '成功', data: 1 }));
    await expect(request({ url: '/ok' })).resolves.toEqual({ rspCode: 0, rspMsg: '成功', data: 1 });
    expect(server.received[0]?.method).toBe('GET');
  });

  it('sends the header platform: h5 on every request', async () => {
    server.route('/ok', (_req, res) => sendJson(res, 200, {}));
    await request({ url: '/ok' });
    await request({ url: '/ok', method: 'POST', header: { platform: 'other' } });
    expect(server.received.map((r) => r.headers.platform)).toEqual(['h5', 'h5']);
  });

  it('serialises query objects into the URL', async () => {
    server.route('/foo', (_req, res) => sendJson(res, 200, {}));
    await request({ url: '/foo', params: { name: '小明', page: 2 } });
    await request({ url: '/foo', method: 'POST', params: { name: 'a b' }, data: { x: 1 } });
    expect(server.received.map((r) => Object.fromEntries(r.query))).toEqual([
      { name: '小明', page: '2' },
      { name: 'a b' },
    ]);
  });

  it("sends a GET's data as its query, as uni.request does, with no token", async () => {
    server.route('/foo', (_req, res) => sendJson(res, 200, {}));
    await request({ url: '/foo', data: { name: '小明' } });
    expect(Object.fromEntries(server.received[0]!.query)).toEqual({ name: '小明' });
    expect(server.received[0]?.body).toBe('');
  });

  it('sends a JSON content type for non-GET requests, and none for GET', async () => {
    server.route('/ok', (_req, res) => sendJson(res, 200, {}));
    for (const method of ['POST', 'PUT', 'DELETE'] as const) await request({ url: '/ok', method });
    await request({ url: '/ok' });
    expect(server.received.map((r) => r.headers['content-type'])).toEqual([
      'application/json',
      'application/json',
      'application/json',
      undefined,
    ]);
  });

  it('adds the session token to every body', async () => {
    server.route('/ok', (_req, res) => sendJson(res, 200, {}));
    await request({ url: '/ok', method: 'POST', data: { title: '标题' } });
    await request({ url: '/ok', method: 'PUT' });
    expect(server.received.map((r) => JSON.parse(r.body))).toEqual([
      { token: 'token-1', title: '标题' },
      { token: 'token-1' },
    ]);
  });

  it('adds no token when signed out', async () => {
    session.clear();
    server.route('/ok', (_req, res) => sendJson(res, 200, {}));
    await request({ url: '/ok', method: 'POST', data: { phone: '13800000000' } });
    expect(JSON.parse(server.received[0]!.body)).toEqual({ phone: '13800000000' });
  });
});

describe('the error catalogue (docs/product.md "Error catalogue")', () => {
  it('2xx with rspCode 6: clears the stored user info and rejects', async () => {
    server.route('/me', (_req, res) =>
      sendJson(res, 200, { rspCode: 6, rspMsg: '请先登录', data: null }),
    );
    const error = await rejection(request({ url: '/me', method: 'POST' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.rspCode).toBe(6);
    expectSignedOut();
    expect(showToast).not.toHaveBeenCalled();
  });

  it('HTTP 401: clears the user info and rejects', async () => {
    server.route('/me', (_req, res) => sendJson(res, 401, { msg: '未登录' }));
    const error = await rejection(request({ url: '/me', method: 'POST' }));
    expect(error).toBeInstanceOf(RequestError);
    expect(error.status).toBe(401);
    expectSignedOut();
    expect(showToast).not.toHaveBeenCalled();
  });

  it("other non-2xx: toasts the answer's msg and rejects", async () => {
    server.route('/busy', (_req, res) => sendJson(res, 429, { msg: '请求太频繁，请稍后再试' }));
    const error = await rejection(request({ url: '/busy', method: 'POST' }));
    expect(showToast).toHaveBeenCalledTimes(1);
    expect(showToast).toHaveBeenCalledWith('请求太频繁，请稍后再试');
    expect(error).toBeInstanceOf(RequestError);
    expect(error.status).toBe(429);
    expect(error.data).toEqual({ msg: '请求太频繁，请稍后再试' });
    expect(session.get()).toEqual(user);
  });

  it("other non-2xx without msg: toasts '请求错误' and rejects", async () => {
    server.route('/broken', (_req, res) => sendRaw(res, 502, 'Bad Gateway', 'text/plain'));
    const error = await rejection(request({ url: '/broken' }));
    expect(showToast).toHaveBeenCalledWith('请求错误');
    expect(error.status).toBe(502);
  });

  it('other non-2xx with hideErrorToast: no toast, still rejects', async () => {
    server.route('/busy', (_req, res) => sendJson(res, 500, { msg: '服务器错误' }));
    const error = await rejection(request({ url: '/busy', hideErrorToast: true }));
    expect(error.status).toBe(500);
    expect(showToast).not.toHaveBeenCalled();
  });

  it("network failure: toasts '网络错误，换个网络试试' and rejects", async () => {
    const error = await refusedRejection((timeout) =>
      request({ url: `${closed}/api`, method: 'POST', timeout }),
    );
    expect(showToast).toHaveBeenCalledTimes(1);
    expect(showToast).toHaveBeenCalledWith('网络错误，换个网络试试');
    expect(error).toBeInstanceOf(RequestError);
    expect(error.code).toBe(NETWORK_ERROR_CODE);
    expect(error.status).toBeUndefined();
  });

  it('time-out: rejects with "timeout"', async () => {
    server.route('/slow', neverAnswer);
    const error = await rejection(request({ url: '/slow', timeout: 200 }));
    expect(error).toBeInstanceOf(RequestError);
    expect(error.message).toBe('timeout');
    expect(error.errMsg).toBe('request:fail timeout');
    expect(showToast).not.toHaveBeenCalled();
  });

  it('cancelled: rejects with "abort"', async () => {
    server.route('/slow', neverAnswer);
    const controller = new AbortController();
    const pending = request({ url: '/slow', method: 'POST', signal: controller.signal });
    await server.nextRequest();
    controller.abort();
    const error = await rejection(pending);
    expect(error).toBeInstanceOf(RequestError);
    expect(error.message).toBe('abort');
    expect(error.errMsg).toBe('request:fail abort');
    expect(showToast).not.toHaveBeenCalled();
  });
});

describe('answers that are not JSON', () => {
  it('resolves a 2xx text body as text, and callApi rejects it as no envelope', async () => {
    server.route('/portal', (_req, res) => sendRaw(res, 200, '<html>请先登录 Wi-Fi</html>', 'text/html'));
    await expect(request({ url: '/portal' })).resolves.toBe('<html>请先登录 Wi-Fi</html>');
    const error = await rejection(callApi('/portal'));
    expect(error).toBeInstanceOf(RequestError);
    expect(error.errMsg).toBe('request:fail no envelope');
  });
});

describe('callApi', () => {
  it('POSTs by default and resolves the envelope data when rspCode is 0', async () => {
    server.route('/api/v1/sysVideo/detail', (_req, res) =>
      sendJson(res, 200, { rspCode: 0, rspMsg: '成功', data: { id: 's1' } }),
    );
    await expect(callApi('/api/v1/sysVideo/detail', { id: 's1' })).resolves.toEqual({ id: 's1' });
    expect(server.received[0]?.method).toBe('POST');
    expect(JSON.parse(server.received[0]!.body)).toEqual({ token: 'token-1', id: 's1' });
  });

  it('rejects a non-zero rspCode with ApiError, without a toast', async () => {
    server.route('/api/v1/video_task/save', (_req, res) =>
      sendJson(res, 200, { rspCode: 3, rspMsg: '积分不足', data: { need: 5 } }),
    );
    const error = await rejection(callApi('/api/v1/video_task/save', { title: 't' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: '积分不足', rspCode: 3, rspMsg: '积分不足', data: { need: 5 } });
    expect(showToast).not.toHaveBeenCalled();
    expect(session.get()).toEqual(user);
  });
});

describe('uploadFile', () => {
  it('posts multipart, fields first and the file last, without token or platform', async () => {
    server.route('/store', (_req, res) => sendRaw(res, 204, '', 'text/plain'));
    const file = new Blob(['pixels'], { type: 'image/png' });
    const result = await uploadFile({
      url: '/store',
      file,
      formData: { key: 'u/1.png', policy: 'p', signature: 's' },
    });
    expect(result).toEqual({ statusCode: 204, data: '' });
    const got = server.received[0]!;
    expect(got.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(got.headers.platform).toBeUndefined();
    const fields = [...got.body.matchAll(/[; ]name="([^"]+)"/g)].map((m) => m[1]);
    expect(fields).toEqual(['key', 'policy', 'signature', 'file']);
    expect(got.body).toContain('pixels');
    expect(got.body).not.toContain('token-1');
  });

  it('resolves whatever the storage host answers, for the caller to read', async () => {
    const denied = '<Error>denied</Error>';
    server.route('/store', (_req, res) => sendRaw(res, 403, denied, 'application/xml'));
    const result = await uploadFile({ url: '/store', file: new Blob(['x']), name: 'image' });
    expect(result).toEqual({ statusCode: 403, data: denied });
    expect(server.received[0]?.body).toContain('name="image"');
  });

  it('network error: rejects with code 602001', async () => {
    const error = await refusedRejection((timeout) =>
      uploadFile({ url: `${closed}/store`, file: new Blob(['x']), timeout }),
    );
    expect(error).toBeInstanceOf(RequestError);
    expect(error.code).toBe(602001);
    expect(error.errMsg).toBe('uploadFile:fail');
  });

  it('abort: rejects with code 600003 and "abort"', async () => {
    server.route('/store', neverAnswer);
    const controller = new AbortController();
    const pending = uploadFile({ url: '/store', file: new Blob(['x']), signal: controller.signal });
    await server.nextRequest();
    controller.abort();
    const error = await rejection(pending);
    expect(error.code).toBe(600003);
    expect(error.message).toBe('abort');
  });

  it('time-out: rejects with "timeout"', async () => {
    server.route('/store', neverAnswer);
    const upload = uploadFile({ url: '/store', file: new Blob(['x']), timeout: 200 });
    const error = await rejection(upload);
    expect(error.message).toBe('timeout');
  });
});

describe('downloadFile', () => {
  it('resolves the status and the file as a Blob, reporting progress', async () => {
    const video = Buffer.alloc(1000, 7);
    server.route('/video.mp4', (_req, res) => sendRaw(res, 200, video, 'video/mp4'));
    const progress: number[] = [];
    const result = await downloadFile({ url: '/video.mp4', onProgress: (p) => progress.push(p) });
    expect(result.statusCode).toBe(200);
    expect(result.blob.size).toBe(1000);
    expect(progress.at(-1)).toBe(100);
  });

  it('network error: rejects with code 602001', async () => {
    const error = await refusedRejection((timeout) =>
      downloadFile({ url: `${closed}/video.mp4`, timeout }),
    );
    expect(error.code).toBe(NETWORK_ERROR_CODE);
    expect(error.errMsg).toBe('downloadFile:fail');
  });

  it('abort: rejects with code 600003 and "abort"', async () => {
    server.route('/video.mp4', neverAnswer);
    const controller = new AbortController();
    const pending = downloadFile({ url: '/video.mp4', signal: controller.signal });
    await server.nextRequest();
    controller.abort();
    const error = await rejection(pending);
    expect(error.code).toBe(ABORT_ERROR_CODE);
    expect(error.message).toBe('abort');
  });
});
