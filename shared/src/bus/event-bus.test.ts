import { EventBus, bus } from './event-bus';

describe('event bus', () => {
  it('delivers events by type', () => {
    const local = new EventBus();
    const seen: string[] = [];
    const sub = local.on('app/foreground').subscribe((e) => seen.push(e.type));
    local.emit({ type: 'session', userInfo: null, origin: 'local' });
    local.emit({ type: 'app/foreground' });
    sub.unsubscribe();
    local.emit({ type: 'app/foreground' });
    expect(seen).toEqual(['app/foreground']);
  });

  it('records each instance so a broken singleton shows', () => {
    const ids = (globalThis as { __APP_SHARED_INSTANCES__?: string[] }).__APP_SHARED_INSTANCES__;
    expect(ids).toContain(bus.instanceId);
  });
});
