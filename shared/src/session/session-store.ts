import { useSyncExternalStore } from 'react';
import { bus, type EventBus } from '../bus/event-bus';
import type { UserInfo } from '@app/contract';

/** localStorage key of the persisted user info. */
export const USER_INFO_KEY = 'userInfo';

function readStored(storage: Storage | undefined): UserInfo | null {
  try {
    const raw = storage?.getItem(USER_INFO_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as unknown;
    return value && typeof value === 'object' ? (value as UserInfo) : null;
  } catch {
    return null; // unreadable storage is a signed-out session, never a crash
  }
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The session: the user info, persisted in localStorage, carried on the event bus. Every change
 * travels as a `session` event, so whichever app makes it (shell, a remote, another browser tab
 * through the `storage` event) every app sees it.
 */
export class SessionStore {
  private current: UserInfo | null;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly events: EventBus,
    private readonly storage: Storage | undefined,
    win: Pick<Window, 'addEventListener'> | undefined,
  ) {
    this.current = readStored(storage);
    events.on('session').subscribe((e) => {
      if (sameJson(e.userInfo, this.current)) return;
      this.current = e.userInfo;
      if (e.origin === 'local') this.persist(e.userInfo);
      this.listeners.forEach((l) => l());
    });
    win?.addEventListener('storage', (e: StorageEvent) => {
      if (e.key !== USER_INFO_KEY && e.key !== null) return; // null: storage.clear() elsewhere
      this.events.emit({ type: 'session', userInfo: readStored(this.storage), origin: 'storage' });
    });
  }

  get(): UserInfo | null {
    return this.current;
  }

  getToken(): string {
    return this.current?.token ?? '';
  }

  isLoggedIn(): boolean {
    return this.getToken() !== '';
  }

  /** Replace the user info (sign-in, getAccountInfo). */
  set(userInfo: UserInfo): void {
    this.events.emit({ type: 'session', userInfo, origin: 'local' });
  }

  /** Merge into the signed-in user info (e.g. a new balance); ignored when signed out. */
  update(patch: Partial<UserInfo>): void {
    if (this.current) this.set({ ...this.current, ...patch });
  }

  /** Sign out here, in every remote and in every tab of this browser. */
  clear(): void {
    this.events.emit({ type: 'session', userInfo: null, origin: 'local' });
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private persist(userInfo: UserInfo | null): void {
    try {
      if (userInfo) this.storage?.setItem(USER_INFO_KEY, JSON.stringify(userInfo));
      else this.storage?.removeItem(USER_INFO_KEY);
    } catch {
      // private mode or a full quota: the session still lives in memory for this tab
    }
  }
}

const hasWindow = typeof window !== 'undefined';
export const session = new SessionStore(
  bus,
  hasWindow ? window.localStorage : undefined,
  hasWindow ? window : undefined,
);

/** The signed-in user, or null; re-renders on every change from any app or tab. */
export function useUserInfo(): UserInfo | null {
  return useSyncExternalStore(session.subscribe, () => session.get(), () => null);
}

export function useIsLoggedIn(): boolean {
  return useUserInfo()?.token ? true : false;
}
