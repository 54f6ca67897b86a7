// The arithmetic behind a video: caption splitting and timing, line wrapping, the timeline and
// the theme read from a template. No canvas or ffmpeg needed.
import { splitScript, timeCaptions } from '../src/captions.js';
import { resolveTheme } from '../src/theme.js';
import { planTimeline } from '../src/timeline.js';
import { wrapText } from '../src/wrap-text.js';

describe('splitScript', () => {
  it('breaks at 。！？；， dropping pauses and keeping tone marks', () => {
    expect(splitScript('今天天气很好，我们去公园。你来吗？太好了！走吧；出发', 20)).toEqual([
      '今天天气很好', '我们去公园', '你来吗？', '太好了！', '走吧', '出发',
    ]);
  });

  it('keeps a repeated mark with its clause and skips empty clauses', () => {
    expect(splitScript('真的吗？？好！！，，\n\n', 20)).toEqual(['真的吗？？', '好！！']);
  });

  it('cuts a clause longer than the limit into even parts', () => {
    const parts = splitScript('一二三四五六七八九十一二三四五六七八九十一二', 10);
    expect(parts).toEqual(['一二三四五六七八', '九十一二三四五六', '七八九十一二']);
  });
});

describe('timeCaptions', () => {
  it('fills the span in reading-time proportion, back to back', () => {
    const captions = timeCaptions(['短句子', '这是一个更长一些的句子'], 1, 9);
    expect(captions[0]!.start).toBe(1);
    expect(captions[0]!.end).toBeCloseTo(captions[1]!.start);
    expect(captions[1]!.end).toBeCloseTo(9);
    expect(captions[1]!.end - captions[1]!.start).toBeGreaterThan(captions[0]!.end - captions[0]!.start);
  });

  it('merges neighbours when the script is too long for the video', () => {
    const captions = timeCaptions(Array.from({ length: 20 }, (_, i) => `第${i}句`), 0, 3.6);
    expect(captions.length).toBeLessThanOrEqual(3);
    for (const c of captions) expect(c.end - c.start).toBeGreaterThanOrEqual(0.84);
    expect(captions.map((c) => c.text).join('，')).toBe(Array.from({ length: 20 }, (_, i) => `第${i}句`).join('，'));
  });

  it('merges a caption that would flash by into its shorter neighbour', () => {
    const captions = timeCaptions(['这是一个相当长的句子开头', '好', '这也是一个相当长的句子结尾', '短句'], 0, 6);
    expect(captions.map((c) => c.text)).toEqual(['这是一个相当长的句子开头，好', '这也是一个相当长的句子结尾，短句']);
    for (const c of captions) expect(c.end - c.start).toBeGreaterThanOrEqual(0.84);
  });

  it('gives nothing for an empty script', () => {
    expect(timeCaptions([], 0, 5)).toEqual([]);
  });
});

describe('wrapText', () => {
  // Every character is 10 wide: enough to test the rules without a font.
  const measure = (s: string) => Array.from(s).length * 10;

  it('wraps Chinese anywhere and evens out the lines', () => {
    expect(wrapText('一二三四五六七八九十一', 100, measure)).toEqual(['一二三四五六', '七八九十一']);
  });

  it('ends a line after a pause mark in its second half rather than mid-phrase', () => {
    expect(wrapText('今天阳光正好，我们一家人开车去了海边', 160, measure)).toEqual(['今天阳光正好，', '我们一家人开车去了海边']);
  });

  it('keeps a Latin word whole and never starts a line with closing punctuation', () => {
    expect(wrapText('我们的 Video 很棒', 60, measure)).toEqual(['我们的', 'Video', '很棒']);
    expect(wrapText('一二三四五，', 50, measure)).toEqual(['一二三四五，']); // hangs past the edge
    expect(wrapText('一二三四五，六七八九十。', 50, measure).every((line) => !/^[，。]/.test(line))).toBe(true);
  });
});

describe('planTimeline', () => {
  it('has exactly duration × 30 frames and slides that cover the body', () => {
    const timeline = planTimeline(10, true, 3);
    expect(timeline.frames).toBe(300);
    expect(timeline.slides[0]!.start).toBeCloseTo(timeline.body.start);
    expect(timeline.slides.at(-1)!.end).toBe(10);
    for (let i = 1; i < 3; i++) expect(timeline.slides[i]!.start).toBeLessThan(timeline.slides[i - 1]!.end);
    expect(timeline.coverFrame).toBe(Math.round(timeline.title!.settled * 30));
  });

  it('has no title card for an empty title', () => {
    expect(planTimeline(5, false, 0)).toMatchObject({ title: undefined, body: { start: 0, end: 5 }, slides: [] });
  });
});

describe('resolveTheme', () => {
  it('reads the template colours', () => {
    const theme = resolveTheme({ style: 'tech', params: { background: ['#000000', '#112233', 'navy'], accent: 'rgb(255, 0, 0)', text: '#fff' } });
    expect(theme).toMatchObject({ background: ['#000000', '#112233', 'navy'], accent: 'rgb(255, 0, 0)', text: '#fff', motif: 'grid' });
  });

  it('falls back to defaults for what is missing or unreadable', () => {
    const theme = resolveTheme({ params: { background: 'not-a-colour', accent: 42, text: '#12' } });
    expect(theme.background).toEqual(['#0b1e3f', '#1f6feb']);
    expect(theme.accent).toBe('#ffd166');
    expect(theme.text).toBe('#ffffff');
    expect(resolveTheme(undefined).font).toBeUndefined();
  });
});
