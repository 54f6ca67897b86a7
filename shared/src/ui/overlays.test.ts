import { dismissOverlays, openOverlays, provideOverlayHistory, trackOverlay } from './overlays';

describe('overlays (one history step per dialog)', () => {
  const steps: string[] = [];
  beforeEach(() => {
    steps.length = 0;
    provideOverlayHistory({ opened: () => steps.push('opened'), closed: () => steps.push('closed') });
  });
  afterEach(() => {
    dismissOverlays('navigation');
    provideOverlayHistory(undefined);
  });

  it('an overlay takes a step when it opens and gives it back when it closes by itself, once', () => {
    const release = trackOverlay(jest.fn());
    expect(openOverlays()).toBe(1);
    release();
    release();
    expect(steps).toEqual(['opened', 'closed']);
    expect(openOverlays()).toBe(0);
  });

  it('back closes the one on top first, newest first; a dismissed overlay gives no step back', () => {
    const order: string[] = [];
    const releaseFirst = trackOverlay((reason) => order.push(`first ${reason}`));
    const releaseSecond = trackOverlay((reason) => order.push(`second ${reason}`));
    expect(dismissOverlays('back', 1)).toBe(1);
    expect(order).toEqual(['second back']);
    releaseSecond(); // its own close, after the dismissal: nothing more
    expect(openOverlays()).toBe(1);
    expect(dismissOverlays('navigation')).toBe(1);
    expect(order).toEqual(['second back', 'first navigation']);
    releaseFirst();
    expect(steps).toEqual(['opened', 'opened']);
  });

  it('one failing close does not keep the others open', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const later = jest.fn();
    trackOverlay(later);
    trackOverlay(() => {
      throw new Error('boom');
    });
    expect(dismissOverlays('navigation')).toBe(2);
    expect(later).toHaveBeenCalledWith('navigation');
    expect(openOverlays()).toBe(0);
    error.mockRestore();
  });
});
