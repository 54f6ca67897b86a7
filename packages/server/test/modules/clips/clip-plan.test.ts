import { planClips, shareScript, MAX_CLIPS } from '../../../src/modules/clips/clip-plan';

const info = { clipSeconds: [5, 10], modes: ['text', 'image'] as ('text' | 'image')[] };
const script = '清晨我们出发去海边。海浪一层层涌来！孩子们在沙滩上堆城堡。傍晚的晚霞把天空染成粉色。';

test('without pictures: as few text-to-video clips as the longest clip allows, at the shortest length that fills each share', () => {
  expect(planClips({ title: '海边', prompt: script, images: [], duration: 5 }, info).map((c) => c.seconds)).toEqual([5]);
  expect(planClips({ title: '海边', prompt: script, images: [], duration: 8 }, info).map((c) => c.seconds)).toEqual([10]);
  const long = planClips({ title: '海边', prompt: script, images: [], duration: 30 }, info);
  expect(long.map((c) => [c.seconds, c.imageUrl])).toEqual([[10, null], [10, null], [10, null]]);
});

test('with pictures: one image-to-video clip per picture, pictures taken again in turn when the video is longer', () => {
  const two = planClips({ title: '海边', prompt: script, images: ['a', 'b'], duration: 10 }, info);
  expect(two.map((c) => [c.imageUrl, c.seconds])).toEqual([['a', 5], ['b', 5]]);
  const long = planClips({ title: '海边', prompt: script, images: ['a', 'b'], duration: 40 }, info);
  expect(long.map((c) => c.imageUrl)).toEqual(['a', 'b', 'a', 'b']);
});

test('a model without image-to-video makes text clips even when pictures are given', () => {
  expect(planClips({ title: 't', prompt: script, images: ['a'], duration: 5 }, { clipSeconds: [5], modes: ['text'] })[0]!.imageUrl).toBeNull();
});

test('never more clips than MAX_CLIPS', () => {
  expect(planClips({ title: 't', prompt: script, images: [], duration: 60 }, { clipSeconds: [2], modes: ['text'] })).toHaveLength(MAX_CLIPS);
});

test('each clip is told the title and its own consecutive part of the script', () => {
  const clips = planClips({ title: '海边', prompt: script, images: [], duration: 20 }, info);
  expect(clips.map((c) => c.prompt)).toEqual(['海边：清晨我们出发去海边。海浪一层层涌来！', '海边：孩子们在沙滩上堆城堡。傍晚的晚霞把天空染成粉色。']);
});

test('shareScript keeps every sentence once, in order, and gives every part something', () => {
  for (let count = 1; count <= 6; count++) {
    const parts = shareScript(script, count);
    expect(parts).toHaveLength(count);
    expect(parts.every(Boolean)).toBe(true);
    if (count <= 4) expect(parts.join('')).toBe(script);
  }
});
