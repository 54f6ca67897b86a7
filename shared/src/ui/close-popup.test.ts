import { popupCloser } from './close-popup';

describe('popupCloser', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const handler = (rendered?: boolean) => ({
    close: jest.fn(),
    ...(rendered === undefined ? {} : { isRendered: () => rendered }),
  });

  it('waits for the opening to end before it closes', () => {
    const closer = popupCloser();
    const popup = handler(true);
    closer.close(popup);
    expect(popup.close).not.toHaveBeenCalled();
    closer.afterShow();
    expect(popup.close).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(5000);
    expect(popup.close).toHaveBeenCalledTimes(1);
  });

  it('closes at once a popup that has finished opening', () => {
    const closer = popupCloser();
    const popup = handler();
    closer.afterShow();
    closer.close(popup);
    expect(popup.close).toHaveBeenCalledTimes(1);
  });

  it('closes at once a popup whose wrapper has not mounted (the kit unmounts it directly)', () => {
    const closer = popupCloser();
    const popup = handler(false);
    closer.close(popup);
    expect(popup.close).toHaveBeenCalledTimes(1);
    closer.afterShow();
    expect(popup.close).toHaveBeenCalledTimes(1);
  });

  it('closes anyway when the opening never reports its end', () => {
    const closer = popupCloser();
    const popup = handler(true);
    closer.close(popup);
    jest.advanceTimersByTime(999);
    expect(popup.close).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(popup.close).toHaveBeenCalledTimes(1);
  });
});
