import { DESIGN_WIDTH, MAX_WIDTH, RESIZE_THROTTLE_MS, rootFontSize, startScaling, throttle } from './scaling';

describe('scaling', () => {
  afterEach(() => jest.useRealTimers());

  it('follows a 375 design width and stops growing at 960', () => {
    expect(DESIGN_WIDTH).toBe(375);
    expect(MAX_WIDTH).toBe(960);
    expect(rootFontSize(375)).toBe(16);
    expect(rootFontSize(750)).toBe(32);
    expect(rootFontSize(960)).toBe(40.96);
    expect(rootFontSize(1920)).toBe(40.96);
  });

  it('throttles to one call per 50 ms and keeps the last', () => {
    jest.useFakeTimers();
    const fn = jest.fn();
    const throttled = throttle(fn, RESIZE_THROTTLE_MS);
    throttled();
    throttled();
    throttled();
    expect(fn).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(49);
    expect(fn).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
    jest.advanceTimersByTime(500);
    expect(fn).toHaveBeenCalledTimes(2);
    expect(RESIZE_THROTTLE_MS).toBe(50);
  });

  it('sets the root font size on resize', () => {
    jest.useFakeTimers();
    Object.defineProperty(window, 'innerWidth', { value: 375, configurable: true });
    const stop = startScaling(window);
    expect(document.documentElement.style.fontSize).toBe('16px');
    Object.defineProperty(window, 'innerWidth', { value: 1280, configurable: true });
    jest.advanceTimersByTime(100);
    window.dispatchEvent(new Event('resize'));
    expect(document.documentElement.style.fontSize).toBe('40.96px');
    expect(document.documentElement.style.getPropertyValue('--app-width')).toBe('960px');
    stop();
  });
});
