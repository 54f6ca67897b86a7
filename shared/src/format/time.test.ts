import { formatTime } from './time';

describe('formatTime', () => {
  it('shows a moment to the minute, zero-padded, in local time', () => {
    expect(formatTime(new Date(2026, 0, 5, 7, 3).getTime())).toBe('2026-01-05 07:03');
    expect(formatTime(new Date(2026, 11, 31, 23, 59, 59).getTime())).toBe('2026-12-31 23:59');
  });
});
