import { Observable, Subject, filter } from 'rxjs';
import type { UserInfo } from '@app/contract';

/** Every event that crosses app boundaries. Remotes and the shell talk only through these. */
export type AppEvent =
  /** The signed-in user changed (sign-in, update, sign-out). `origin` says where it came from. */
  | { type: 'session'; userInfo: UserInfo | null; origin: 'local' | 'storage' }
  /** The app came back to the foreground (tab visible again). */
  | { type: 'app/foreground' };

export type AppEventType = AppEvent['type'];
export type AppEventOf<T extends AppEventType> = Extract<AppEvent, { type: T }>;

export class EventBus {
  /** Random per instance: the singleton test compares it across the shell and every remote. */
  readonly instanceId = Math.random().toString(36).slice(2);
  private readonly subject = new Subject<AppEvent>();
  readonly events$: Observable<AppEvent> = this.subject.asObservable();

  emit(event: AppEvent): void {
    this.subject.next(event);
  }

  on<T extends AppEventType>(type: T): Observable<AppEventOf<T>> {
    return this.events$.pipe(filter((e): e is AppEventOf<T> => e.type === type));
  }
}

/** The one bus of the page. @app/shared is a federation singleton, so every app gets this one. */
export const bus = new EventBus();

// Each evaluation of this module leaves its id here; more than one id means the singleton broke.
const registry = globalThis as { __APP_SHARED_INSTANCES__?: string[] };
registry.__APP_SHARED_INSTANCES__ = [...(registry.__APP_SHARED_INSTANCES__ ?? []), bus.instanceId];
