// An emoji as people type it is one picture made of several code points: a flag's two regional
// indicators, a skin tone after a hand, a family or a rainbow flag joined by U+200D, ❤️'s
// presentation selector, a keycap. The renderer's line breaking, caption cutting and ellipsis keep
// one whole; a narration does not read it aloud.

/** One emoji sequence, as a regular expression source for the `u` flag. */
export const EMOJI_SEQUENCE = String.raw`\p{RI}\p{RI}|[#*0-9]\uFE0F?\u20E3|\p{Extended_Pictographic}(?:\p{EMod}|\uFE0F|[\u{E0020}-\u{E007F}])*(?:\u200D\p{Extended_Pictographic}(?:\p{EMod}|\uFE0F)*)*`;

const EMOJI_ANYWHERE = new RegExp(`(?:${EMOJI_SEQUENCE})|\\p{EMod}|\\p{RI}|\\uFE0F|\\u20E3`, 'gu');

/** The text without its emoji: what a narration reads (docs/product.md "配音"). */
export const withoutEmoji = (text: string): string => text.replace(EMOJI_ANYWHERE, '');

let segmenter: Intl.Segmenter | undefined;

/** The text's user-perceived characters (grapheme clusters): an emoji sequence is one. */
export function graphemes(text: string): string[] {
  // Made on first use: a browser without Intl.Segmenter that imports the contract never calls it.
  segmenter ??= new Intl.Segmenter('zh', { granularity: 'grapheme' });
  return Array.from(segmenter.segment(text), ({ segment }) => segment);
}
