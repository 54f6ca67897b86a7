import { act, fireEvent, render, screen } from '@testing-library/react';
import { OfflineNotice, OFFLINE_TEXT } from './offline-notice';

describe('OfflineNotice', () => {
  let online: boolean;
  const fetchMock = jest.fn();
  beforeEach(() => {
    online = true;
    jest.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => online);
    fetchMock.mockReset();
    (globalThis as { fetch?: unknown }).fetch = fetchMock;
  });
  afterEach(() => jest.restoreAllMocks());

  it('shows nothing while online, and the notice with 重试 when the connection drops', () => {
    render(<OfflineNotice onReconnect={jest.fn()} />);
    expect(screen.queryByRole('alert')).toBeNull();
    online = false;
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByRole('alert').textContent).toContain(OFFLINE_TEXT);
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });

  it('starting offline: 重试 keeps the notice while the network does not answer, and hides it once it does', async () => {
    online = false;
    const onReconnect = jest.fn();
    render(<OfflineNotice onReconnect={onReconnect} />);
    expect(screen.getByRole('alert').textContent).toContain('网络未连接，请检查网络后重试');

    // The browser says it is back, but the server does not answer yet.
    online = true;
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '重试' })));
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(onReconnect).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledWith(`${window.location.origin}/healthz`, { cache: 'no-store' });

    fetchMock.mockResolvedValueOnce({ ok: true });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '重试' })));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onReconnect).toHaveBeenCalledTimes(1);
  });

  it('does not ask the network while the browser itself is offline', async () => {
    online = false;
    render(<OfflineNotice onReconnect={jest.fn()} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '重试' })));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toBeTruthy();
  });
});
