// The arithmetic behind a video: caption splitting and timing, line wrapping, the timeline and
// the theme read from a template. No canvas or ffmpeg needed.
import { wrapCaption } from '../src/caption-layer.js';
import { resolveCaptionLook } from '../src/caption-style.js';
import { captionsFromSentences, splitScript, timeCaptions } from '../src/captions.js';
import { resolveTheme } from '../src/theme.js';
import { chooseCuts, planTimeline, TITLE_MAX } from '../src/timeline.js';
import { wrapText } from '../src/wrap-text.js';
import { limitLines } from '../src/text-style.js';
import { graphemes } from '@app/contract/emoji';

describe('splitScript', () => {
  it('ends captions at sentence ends, gathering a sentence’s phrases up to the limit, keeping tone marks', () => {
    expect(splitScript('今天天气很好，我们去公园。你来吗？太好了！走吧；出发', 20)).toEqual([
      '今天天气很好，我们去公园', '你来吗？', '太好了！', '走吧', '出发',
    ]);
  });

  it('cuts a sentence longer than the limit only between its phrases, into even captions', () => {
    const parts = splitScript('清晨我们从酒店出发，沿着海岸线一路向南，看到了成群的海鸥，还有远处的灯塔。', 16);
    expect(parts).toEqual(['清晨我们从酒店出发', '沿着海岸线一路向南', '看到了成群的海鸥，还有远处的灯塔']);
    for (const part of parts) expect(Array.from(part).length).toBeLessThanOrEqual(16);
  });

  it('treats 、 and spaces as phrase boundaries but keeps a Latin phrase whole', () => {
    expect(splitScript('苹果、香蕉、橙子 都很新鲜', 4)).toEqual(['苹果', '香蕉', '橙子', '都很新鲜']);
    expect(splitScript('欢迎来到 Hello World 大会', 8)).toEqual(['欢迎来到', 'Hello World', '大会']);
  });

  it('keeps a repeated mark with its sentence and skips empty ones', () => {
    expect(splitScript('真的吗？？好！！，，\n\n', 20)).toEqual(['真的吗？？', '好！！']);
  });

  it('cuts a long phrase without punctuation at a natural place (after 的, before 和/是…), evenly', () => {
    expect(splitScript('我们在海边度过了非常美好的一个下午和晚上', 12)).toEqual(['我们在海边度过了', '非常美好的一个下午和晚上']);
    const parts = splitScript('这是一座有着几百年历史的古老城市和它美丽的港口', 10);
    expect(parts.join('')).toBe('这是一座有着几百年历史的古老城市和它美丽的港口');
    for (const part of parts) expect(Array.from(part).length).toBeLessThanOrEqual(10);
    expect(parts).toEqual(['这是一座有着', '几百年历史的古老城市', '和它美丽的港口']);
    // Every cut falls after a particle or before a clause word.
    for (let i = 1; i < parts.length; i++) expect(/[的了着]$/.test(parts[i - 1]!) || /^[和是在]/.test(parts[i]!)).toBe(true);
  });

  it('cuts characters only as a last resort, and never inside a Latin word', () => {
    const parts = splitScript('一二三四五六七八九十一二三四五六七八九十一二', 10);
    expect(parts.join('')).toBe('一二三四五六七八九十一二三四五六七八九十一二');
    for (const part of parts) expect(Array.from(part).length).toBeLessThanOrEqual(10);
    expect(splitScript('Supercalifragilistic 的故事', 6)).toEqual(['Supercalifragilistic', '的故事']);
  });

  it('keeps an emoji sequence whole, counted as one character', () => {
    const script = '一二三四五🏳️‍🌈六七八九🇨🇳十一👍🏽二三四';
    const parts = splitScript(script, 5);
    expect(parts.join('')).toBe(script);
    for (const emoji of ['🏳️‍🌈', '🇨🇳', '👍🏽']) expect(parts.some((part) => part.includes(emoji))).toBe(true);
    for (const part of parts) expect(graphemes(part).length).toBeLessThanOrEqual(5);
  });
});

describe('captionsFromSentences', () => {
  const sentences = [
    { text: '阳光正好。', start: 0.2, end: 1.6 },
    { text: '我们沿着海岸线一路向南，看到了成群的海鸥，还有远处的灯塔！', start: 2.0, end: 7.0 },
    { text: '晚霞满天', start: 7.5, end: 9.0 },
  ];

  it('shows each sentence exactly while it is spoken, shifted by where the narration starts', () => {
    const captions = captionsFromSentences(sentences, 1.0, 30, 60);
    expect(captions.map((c) => c.text)).toEqual(['阳光正好', '我们沿着海岸线一路向南，看到了成群的海鸥，还有远处的灯塔！', '晚霞满天']);
    expect(captions.map((c) => [c.start, c.end])).toEqual([[1.2, 2.6], [3.0, 8.0], [8.5, 10.0]]);
  });

  it('splits a sentence too long for one caption into consecutive captions sharing its span by characters', () => {
    const captions = captionsFromSentences(sentences, 1.0, 12, 60);
    const second = captions.filter((c) => c.start >= 3.0 - 1e-9 && c.end <= 8.0 + 1e-9);
    expect(second.map((c) => c.text)).toEqual(['我们沿着海岸线一路向南', '看到了成群的海鸥', '还有远处的灯塔！']);
    expect(second[0]!.start).toBeCloseTo(3.0);
    expect(second.at(-1)!.end).toBeCloseTo(8.0);
    for (let i = 1; i < second.length; i++) expect(second[i]!.start).toBeCloseTo(second[i - 1]!.end);
    // In proportion to characters: 11, 8 and 8 of 27 (the tone mark counts as one) over 5 s.
    expect(second[0]!.end - second[0]!.start).toBeCloseTo((5 * 11) / 27);
    expect(second[1]!.end - second[1]!.start).toBeCloseTo((5 * 8) / 27);
  });

  it('cuts a span that runs past the end of the video, and drops one that starts after it', () => {
    const captions = captionsFromSentences(sentences, 1.0, 30, 9);
    expect(captions.map((c) => [c.start, c.end])).toEqual([[1.2, 2.6], [3.0, 8.0], [8.5, 9]]);
    expect(captionsFromSentences(sentences, 1.0, 30, 8.2).length).toBe(2);
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

  it('never ends a line inside an emoji sequence', () => {
    // Measured by code points, as a line of tokens would be: a flag is two, a rainbow flag four.
    for (const emoji of ['🇨🇳', '🏳️‍🌈', '👍🏽']) {
      const lines = wrapText(`一二三四${emoji}五六`, 50, measure);
      expect(lines.length).toBeGreaterThan(1);
      expect(lines.some((line) => line.includes(emoji))).toBe(true);
    }
  });

  it('drops whole emoji, not half a flag, to fit the ellipsis on the last line kept', () => {
    expect(limitLines(['一二三🇨🇳', '四'], 1, 50, measure)).toEqual(['一二三…']);
    expect(limitLines(['一二👍🏽三', '四'], 1, 50, measure)).toEqual(['一二👍🏽…']);
  });
});

describe('planTimeline', () => {
  it('has exactly duration × 30 frames and slides that cover the body', () => {
    const timeline = planTimeline(10, true, 3);
    expect(timeline.frames).toBe(300);
    expect(timeline.slides[0]!.start).toBeCloseTo(timeline.body.start);
    expect(timeline.slides.at(-1)!.end).toBe(10);
    for (let i = 1; i < 3; i++) expect(timeline.slides[i]!.start).toBeLessThan(timeline.slides[i - 1]!.end);
    expect(timeline.slides.map((s) => s.picture)).toEqual([0, 1, 2]);
  });

  it('takes the cover from the first picture alone, once the title card has gone when the picture stays that long', () => {
    for (const [duration, pictures] of [[10, 3], [5, 2], [5, 9], [60, 1]] as const) {
      const timeline = planTimeline(duration, true, pictures, { shots: true });
      const at = timeline.coverFrame / 30;
      const next = timeline.slides[1]?.start ?? duration;
      expect(timeline.coverIsBody).toBe(true);
      expect(at).toBeGreaterThanOrEqual(timeline.slides[0]!.start);
      expect(at).toBeLessThan(next);
      if (next > timeline.title!.end + 0.2) expect(at).toBeGreaterThanOrEqual(timeline.title!.end);
    }
    // No title: the first picture from the start.
    expect(planTimeline(5, false, 2)).toMatchObject({ coverIsBody: true, coverFrame: 6 });
  });

  it('takes the cover from the title card when the body is only the moving background, from a drawn scene when there is one', () => {
    const plain = planTimeline(6, true, 0);
    expect(plain).toMatchObject({ coverIsBody: false, coverFrame: Math.round(plain.title!.settled * 30) });
    const scene = planTimeline(6, true, 0, { bodyCover: true });
    expect(scene.coverIsBody).toBe(true);
    expect(scene.coverFrame / 30).toBeGreaterThanOrEqual(scene.title!.end);
  });

  it('shows the title card at most 1.5 s, whatever the length and the body', () => {
    for (const duration of [5, 10, 30, 60]) {
      for (const pictures of [0, 3, 9]) {
        const { title, body } = planTimeline(duration, true, pictures);
        expect(title!.end).toBeLessThanOrEqual(TITLE_MAX);
        expect(title!.settled).toBeLessThanOrEqual(title!.fadeFrom);
        expect(body.start).toBe(title!.fadeFrom);
      }
    }
  });

  it('has no title card for an empty title', () => {
    expect(planTimeline(5, false, 0)).toMatchObject({ title: undefined, body: { start: 0, end: 5 }, slides: [] });
  });

  it('changes pictures in the pauses between cues, as evenly as they allow', () => {
    // Six sentences over a 1–13 s body; three pictures: cuts in the pauses nearest 5 and 9 s.
    const cues = [[1, 2.5], [2.7, 4.6], [5.0, 6.0], [6.2, 8.7], [8.9, 11], [11.2, 13]].map(([start, end]) => ({ start: start!, end: end! }));
    const cuts = chooseCuts({ start: 1, end: 13 }, 3, cues);
    expect(cuts.map((c) => +c.toFixed(2))).toEqual([4.8, 8.8]);
    const timeline = planTimeline(13, false, 3, { cues });
    // Each cross-fade is centred on its pause: no picture changes while a sentence is being read.
    for (const slide of timeline.slides.slice(1)) {
      const middle = slide.start + slide.fadeIn / 2;
      expect(cues.some((cue) => middle > cue.start && middle < cue.end)).toBe(false);
    }
  });

  it('cuts inside a long sentence only when the pauses would leave a picture a glimpse', () => {
    const cues = [{ start: 0, end: 2 }, { start: 2.2, end: 20 }];
    const cuts = chooseCuts({ start: 0, end: 20 }, 3, cues);
    expect(cuts).toHaveLength(2);
    expect(cuts[0]).toBeCloseTo(2.1);
    expect(cuts[1]! - cuts[0]!).toBeGreaterThan(5);
    expect(20 - cuts[1]!).toBeGreaterThan(5);
  });

  it('splits a long stay on one picture into shots of it, so 60 s with 9 pictures does not drag', () => {
    const timeline = planTimeline(60, true, 9, { shots: true });
    expect(timeline.slides.length).toBeGreaterThan(9);
    for (const slide of timeline.slides) expect(slide.end - slide.start).toBeLessThanOrEqual(6 + 1);
    expect(new Set(timeline.slides.map((s) => s.picture)).size).toBe(9);
    expect(timeline.slides.map((s) => s.picture)).toEqual([...timeline.slides.map((s) => s.picture)].sort((a, b) => a - b));
    expect(timeline.slides.some((s) => s.shot > 0)).toBe(true);
    // Clips play once each: no shots.
    expect(planTimeline(60, true, 9).slides.map((s) => s.shot)).toEqual(Array(9).fill(0));
  });
});

describe('resolveCaptionLook', () => {
  const templates = [
    { style: '清新', params: { background: ['#0b3d5c', '#1fa2c9'], accent: '#ffd166', motif: 'waves' } },
    { style: '温馨', params: { background: ['#3d1f0b', '#b5541c'], accent: '#ffe8c2', motif: 'bokeh' } },
    { style: '喜庆', params: { background: ['#5c0a0a', '#c8102e'], accent: '#ffd700', motif: 'confetti' } },
    { style: '科技感', params: { background: ['#050a1f', '#0d2b6b'], accent: '#38e1ff', motif: 'grid' } },
    { style: '童趣', params: { background: ['#ff9a8b', '#ff6a88'], accent: '#fff3b0', motif: 'bubbles' } },
    { style: '简约', params: { background: ['#1c1c1e', '#3a3a3c'], accent: '#e5b567', motif: 'rays' } },
  ];

  it('gives each seeded template a look of its own', () => {
    const looks = templates.map((t) => JSON.stringify(resolveCaptionLook('template', t, resolveTheme(t))));
    expect(new Set(looks).size).toBe(templates.length);
    expect(resolveCaptionLook(undefined, templates[3], resolveTheme(templates[3]))).toMatchObject({ position: 'top' });
  });

  it('reads the template’s own caption params, ignoring what it cannot read', () => {
    const template = { style: '清新', params: { motif: 'waves', caption: { position: 'middle', size: 'large', color: '#ff0000', background: 'none', outline: 'bogus' } } };
    expect(resolveCaptionLook('template', template, resolveTheme(template))).toMatchObject({ position: 'middle', scale: 1.3, fill: '#ff0000', band: undefined });
    const broken = { params: { caption: { position: 'sideways', size: 99, color: 12 } } };
    expect(resolveCaptionLook('template', broken, resolveTheme(broken))).toMatchObject({ position: expect.stringMatching(/bottom|middle|top|foot/) });
  });

  it('a user’s choice overrides the template: classic, bold and subtitle are fixed looks', () => {
    const theme = resolveTheme(templates[2]);
    expect(resolveCaptionLook('classic', templates[2], theme)).toMatchObject({ position: 'bottom', fill: '#ffffff', outline: undefined });
    expect(resolveCaptionLook('bold', templates[2], theme)).toMatchObject({ position: 'middle', fill: '#ffe14d', band: undefined });
    expect(resolveCaptionLook('bold', templates[2], theme).outline).toBeDefined();
    expect(resolveCaptionLook('subtitle', templates[2], theme)).toMatchObject({ position: 'foot', band: undefined, shadow: true });
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

describe('wrapCaption', () => {
  const measure = (s: string) => Array.from(s).length * 10;

  it('keeps a caption that fits on one line', () => {
    expect(wrapCaption('海浪一层层涌来！', 200, measure)).toEqual(['海浪一层层涌来！']);
  });

  it('breaks two lines after a pause mark, the most even pair, never inside a phrase', () => {
    expect(wrapCaption('海风，浪花和一路的好心情，把旅途装进短片里', 130, measure)).toEqual(['海风，浪花和一路的好心情，', '把旅途装进短片里']);
    expect(wrapCaption('一起奔跑，一起大笑，记录宝贝成长的每一天', 110, measure)).toEqual(['一起奔跑，一起大笑，', '记录宝贝成长的每一天']);
  });

  it('falls back to the general breaking when no pause gives lines that fit', () => {
    expect(wrapCaption('一二三四五六七八九十一', 100, measure)).toEqual(wrapText('一二三四五六七八九十一', 100, measure));
  });
});
