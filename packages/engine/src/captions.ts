// The script becomes timed captions. A caption is cut only where a reader pauses: sentences end
// at 。！？；, phrases at ，、 and spaces; a caption gathers the phrases of one sentence up to
// what two lines hold, evenly. A phrase too long for a caption on its own is cut at a natural
// place (after 的/了, before 和/是/在…) and only as a last resort anywhere — never inside a Latin
// word. With a narration each caption shows exactly while its sentence is spoken; without one,
// captions are spread over the body by how long they take to read.
import type { NarrationSentence } from '@app/contract';
import { EMOJI_SEQUENCE } from '@app/contract/emoji';

export interface Caption {
  text: string;
  /** Seconds from the start of the video. */
  start: number;
  end: number;
}

// A sentence ends at these; the pauses (。；) are dropped as subtitles do, the tone marks (！？) kept.
const SENTENCE_PAUSES = new Set(['。', '；', ';', '\n']);
const TONES = new Set(['！', '？', '!', '?']);
// A phrase ends at these inside a sentence; joined phrases keep a '，' between them.
const PHRASE_MARKS = new Set(['，', '、', ',', ' ', '\t', '：', ':']);
/** Shortest time a caption stays up; a script too long for the video is merged up to this. */
const MIN_SECONDS = 1.2;
// Last-resort cuts in a long phrase: after a particle that closes a modifier, before a word that opens a clause.
const BREAK_AFTER = new Set(Array.from('的了着过地得们'));
const BREAK_BEFORE = new Set(Array.from('和与跟及是在把被就都也还又但而并从向对给让为或'));
// A Latin word or number is one unit, counted as half its letters; an emoji sequence is one unit
// and one character; everything else is one character.
const LATIN = /^[A-Za-z0-9\u00C0-\u024F'’.%+-]+$/u;
const UNIT = new RegExp(String.raw`${EMOJI_SEQUENCE}|[A-Za-z0-9\u00C0-\u024F'’.%+-]+|[\s\S]`, 'gu');

const length = (text: string) =>
  (text.match(UNIT) ?? []).reduce((sum, unit) => sum + (LATIN.test(unit) ? Math.ceil(unit.length / 2) : 1), 0);

/** The script's sentences, in order, without their closing 。； (tone marks kept). */
export function splitSentences(script: string): string[] {
  const sentences: string[] = [];
  let current = '';
  const flush = () => {
    const sentence = current.replace(/\s+/g, ' ').replace(/^[\s，、,：:]+|[\s，、,：:]+$/g, '');
    if (sentence) sentences.push(sentence);
    current = '';
  };
  for (const char of script.replace(/\r\n?/g, '\n')) {
    if (SENTENCE_PAUSES.has(char)) flush();
    else if (TONES.has(char) && !current.replace(/[\s，、,]/g, '') && sentences.length) {
      sentences[sentences.length - 1] += char; // the second mark of “好！！” stays with its sentence
      current = '';
    } else if (TONES.has(char)) {
      current += char;
      flush();
    } else current += char;
  }
  flush();
  return sentences;
}

/** A sentence's phrases, cut at its pause marks and spaces (the marks dropped). */
function splitPhrases(sentence: string): string[] {
  const phrases: string[] = [];
  let current = '';
  const chars = Array.from(sentence);
  for (const [i, char] of chars.entries()) {
    if (PHRASE_MARKS.has(char)) {
      // A space between two Latin words is not a pause: "Hello World" is one phrase.
      if ((char === ' ' || char === '\t') && /[A-Za-z0-9]$/.test(current) && /[A-Za-z0-9]/.test(chars[i + 1] ?? '')) {
        current += ' ';
        continue;
      }
      if (current.trim()) phrases.push(current.trim());
      current = '';
    } else current += char;
  }
  if (current.trim()) phrases.push(current.trim());
  return phrases;
}

/** Cuts a phrase longer than maxChars into near-equal parts, at the most natural places near each cut. */
function cutPhrase(phrase: string, maxChars: number): string[] {
  const units = phrase.match(UNIT) ?? [];
  if (length(phrase) <= maxChars) return [phrase];
  const parts = Math.ceil(length(phrase) / maxChars);
  const out: string[] = [];
  let from = 0;
  for (let part = 1; part < parts; part++) {
    const remaining = units.slice(from);
    const target = Math.round(length(remaining.join('')) / (parts - part + 1));
    // Positions where a cut may fall (between units), scored by how natural they are and how near the target.
    let best = -1;
    let bestScore = Infinity;
    let at = 0;
    for (let i = 1; i < remaining.length; i++) {
      at += length(remaining[i - 1]!);
      if (at > maxChars) break;
      const before = remaining[i - 1]!;
      const after = remaining[i]!;
      const natural = BREAK_AFTER.has(before) || BREAK_BEFORE.has(after) ? 0 : /^\s$/.test(before) || /^\s$/.test(after) ? 0 : 1;
      const score = Math.abs(at - target) + natural * (maxChars / 3);
      if (score < bestScore || (score === bestScore && natural === 0)) {
        bestScore = score;
        best = i;
      }
    }
    if (best < 0) best = 1;
    out.push(remaining.slice(0, best).join('').trim());
    from += best;
  }
  out.push(units.slice(from).join('').trim());
  return out.filter(Boolean);
}

/**
 * One sentence as captions: its phrases gathered into as few captions of at most maxChars as
 * will hold them, the phrases spread evenly across them.
 */
export function sentenceCaptions(sentence: string, maxChars: number): string[] {
  const phrases = splitPhrases(sentence).flatMap((phrase) => cutPhrase(phrase, maxChars));
  if (phrases.length === 0) return [];
  const lengths = phrases.map(length);
  // The fewest groups whose largest is under maxChars, then the most even such grouping.
  for (let groups = 1; groups <= phrases.length; groups++) {
    const grouping = evenGrouping(lengths, groups);
    if (grouping && grouping.every((g) => g.reduce((s, i) => s + lengths[i]!, 0) + g.length - 1 <= maxChars)) {
      return grouping.map((g) => g.map((i) => phrases[i]).join('，'));
    }
  }
  return phrases;
}

/** Splits indices 0..n-1 into `groups` runs minimising the longest run (joining marks counted). */
function evenGrouping(lengths: number[], groups: number): number[][] | undefined {
  const n = lengths.length;
  if (groups > n) return undefined;
  const runLength = (from: number, to: number) => lengths.slice(from, to).reduce((s, l) => s + l, 0) + (to - from - 1);
  // best[g][i]: the smallest possible longest run splitting the first i phrases into g runs.
  const best: number[][] = Array.from({ length: groups + 1 }, () => Array(n + 1).fill(Infinity));
  const back: number[][] = Array.from({ length: groups + 1 }, () => Array(n + 1).fill(0));
  best[0]![0] = 0;
  for (let g = 1; g <= groups; g++) {
    for (let i = g; i <= n; i++) {
      for (let p = g - 1; p < i; p++) {
        const value = Math.max(best[g - 1]![p]!, runLength(p, i));
        if (value < best[g]![i]!) {
          best[g]![i] = value;
          back[g]![i] = p;
        }
      }
    }
  }
  const runs: number[][] = [];
  for (let g = groups, i = n; g > 0; i = back[g]![i]!, g--) {
    const from = back[g]![i]!;
    runs.unshift(Array.from({ length: i - from }, (_, k) => from + k));
  }
  return runs;
}

/** The script's captions, untimed: each sentence's, in order. */
export function splitScript(script: string, maxChars: number): string[] {
  return splitSentences(script).flatMap((sentence) => sentenceCaptions(sentence, maxChars));
}

const weight = (text: string) => Math.max(4, length(text));

/**
 * Captions that follow a narration: each sentence shows exactly while it is spoken (its span
 * shifted by `offset`, where the narration starts in the video); a sentence too long for one
 * caption is shown as consecutive captions sharing its span in proportion to their characters.
 * Spans past `end` (the video's end) are cut there.
 */
export function captionsFromSentences(sentences: NarrationSentence[], offset: number, maxChars: number, end: number): Caption[] {
  const captions: Caption[] = [];
  for (const sentence of sentences) {
    const texts = splitSentences(sentence.text).flatMap((s) => sentenceCaptions(s, maxChars));
    const total = texts.reduce((sum, text) => sum + length(text), 0);
    const from = offset + sentence.start;
    const span = sentence.end - sentence.start;
    let at = from;
    let done = 0;
    for (const text of texts) {
      done += length(text);
      const until = from + (span * done) / total;
      if (at < end && until > at) captions.push({ text, start: at, end: Math.min(end, until) });
      at = until;
    }
  }
  return captions;
}

/**
 * Spreads the segments over [start, end] in proportion to their length, merging a short one into
 * its shorter neighbour while there are more than the span can show or one would flash by.
 */
export function timeCaptions(segments: string[], start: number, end: number): Caption[] {
  const span = end - start;
  if (span <= 0 || segments.length === 0) return [];
  const texts = [...segments];
  const fits = Math.max(1, Math.floor(span / MIN_SECONDS));
  while (texts.length > 1) {
    const weights = texts.map(weight);
    const total = weights.reduce((sum, w) => sum + w, 0);
    const shortest = weights.indexOf(Math.min(...weights));
    let first: number;
    if (texts.length > fits) {
      // Too many: merge the lightest neighbouring pair, which keeps the captions even.
      first = 0;
      for (let i = 1; i < texts.length - 1; i++) if (weights[i]! + weights[i + 1]! < weights[first]! + weights[first + 1]!) first = i;
    } else if ((span * weights[shortest]!) / total < MIN_SECONDS * 0.7) {
      const before = shortest > 0 ? weights[shortest - 1]! : Infinity;
      const after = shortest < texts.length - 1 ? weights[shortest + 1]! : Infinity;
      first = before <= after ? shortest - 1 : shortest;
    } else break;
    texts.splice(first, 2, `${texts[first]}，${texts[first + 1]}`);
  }
  const total = texts.reduce((sum, text) => sum + weight(text), 0);
  let at = start;
  return texts.map((text) => {
    const caption = { text, start: at, end: at + (span * weight(text)) / total };
    at = caption.end;
    return caption;
  });
}
