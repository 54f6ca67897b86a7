import { DURATION_MAX, DURATION_MIN, followVoiceDuration, narrationSeconds, narrationTooLong, videoSecondsForNarration } from '../src';

describe('narration estimate (the form and the server agree through these)', () => {
  it('counts spoken characters only, 4 a second, scaled by the speed', () => {
    expect(narrationSeconds('阳光、花海和笑声。', 1)).toBe(7 / 4);
    expect(narrationSeconds('阳光、花海和笑声。', 2)).toBe(7 / 8);
    expect(narrationSeconds('Hi, 2026！', 1)).toBe(6 / 4);
    // Emoji are shown, not read: a flag, a skin tone, ❤️'s selector and a ZWJ sequence count nothing.
    expect(narrationSeconds('花开了🌸❤️🇨🇳👍🏽🏳️‍🌈！', 1)).toBe(3 / 4);
  });

  it('a video holds the title card before the reading and half a second after, in whole seconds', () => {
    expect(videoSecondsForNarration(4)).toBe(6);
    expect(videoSecondsForNarration(4.1)).toBe(7);
  });

  it('跟随配音时长 stays within the durations a video may have', () => {
    expect(followVoiceDuration('短', 1)).toBe(DURATION_MIN);
    expect(followVoiceDuration('长'.repeat(400), 1)).toBe(DURATION_MAX);
    expect(followVoiceDuration('一二三四五六七八九十一二三四五六七八九十一二三四', 1)).toBe(8);
  });

  it('says how long a reading needs when the video is too short, and nothing when it fits', () => {
    expect(narrationTooLong('一二三四五六七八九十一二三四五六七八九十一二三四', 1, 7)).toBe('文案朗读约需 8 秒，请加长视频或精简文案');
    expect(narrationTooLong('一二三四五六七八九十一二三四五六七八九十一二三四', 1, 8)).toBeNull();
    expect(narrationTooLong('一二三四五六七八九十一二三四五六七八九十一二三四', 1.5, 7)).toBeNull();
  });
});
