import { testUser } from '../../test/fixtures';
import { act, render, screen } from '@testing-library/react';
import { EventBus } from '../bus/event-bus';
import { SessionStore, USER_INFO_KEY, session, useUserInfo } from './session-store';

const user = testUser({ phone: '13800138000', nickname: '用户8000', token: 'tok', createdAt: 1 });

/** Another tab of the same browser: its own bus and store over the same localStorage. */
function otherTab() {
  const win = new EventTarget() as unknown as Window;
  const store = new SessionStore(new EventBus(), window.localStorage, win);
  const deliver = (key: string | null) => {
    const event = new Event('storage') as StorageEvent;
    Object.defineProperty(event, 'key', { value: key });
    win.dispatchEvent(event);
  };
  return { store, deliver };
}

describe('session store', () => {
  beforeEach(() => {
    session.clear();
    localStorage.clear();
  });

  it('persists the user info in localStorage and clears it', () => {
    session.set(user);
    expect(JSON.parse(localStorage.getItem(USER_INFO_KEY)!)).toEqual(user);
    expect(session.isLoggedIn()).toBe(true);
    expect(session.getToken()).toBe('tok');
    session.clear();
    expect(localStorage.getItem(USER_INFO_KEY)).toBeNull();
    expect(session.get()).toBeNull();
    expect(session.isLoggedIn()).toBe(false);
  });

  it('reads what an earlier visit stored', () => {
    localStorage.setItem(USER_INFO_KEY, JSON.stringify(user));
    expect(otherTab().store.get()).toEqual(user);
  });

  it('survives unreadable storage as signed out', () => {
    localStorage.setItem(USER_INFO_KEY, '{not json');
    expect(otherTab().store.get()).toBeNull();
  });

  it('merges an update into the signed-in user, ignores it when signed out', () => {
    session.update({ createNum: 5 });
    expect(session.get()).toBeNull();
    session.set(user);
    session.update({ createNum: 110 });
    expect(session.get()).toEqual({ ...user, createNum: 110 });
  });

  it('follows another tab signing in and out', () => {
    const tab = otherTab();
    session.set(user);
    tab.deliver(USER_INFO_KEY);
    expect(tab.store.get()).toEqual(user);
    session.clear();
    tab.deliver(USER_INFO_KEY);
    expect(tab.store.get()).toBeNull();
    session.set(user);
    localStorage.clear();
    tab.deliver(null); // storage.clear() in another tab
    expect(tab.store.get()).toBeNull();
  });

  it('re-renders components on every change, wherever it came from', () => {
    function Who() {
      const info = useUserInfo();
      return <span>{info ? `${info.nickname}:${info.createNum}` : 'signed-out'}</span>;
    }
    render(<Who />);
    expect(screen.getByText('signed-out')).toBeTruthy();
    act(() => session.set(user));
    expect(screen.getByText('用户8000:10')).toBeTruthy();
    act(() => session.update({ createNum: 7 }));
    expect(screen.getByText('用户8000:7')).toBeTruthy();
    act(() => session.clear());
    expect(screen.getByText('signed-out')).toBeTruthy();
  });
});
