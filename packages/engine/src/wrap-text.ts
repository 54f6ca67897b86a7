// Line breaking for Chinese with some Latin mixed in: any CJK character may end a line, a Latin
// word or number stays whole, closing punctuation never starts a line (it hangs instead), and a
// line rather ends after a pause mark (，、；：) in its second half than in the middle of a phrase.
import { EMOJI_SEQUENCE, graphemes } from '@app/contract/emoji';

// An emoji sequence is one token: a line never ends inside it.
const WORD = new RegExp(String.raw`${EMOJI_SEQUENCE}|[A-Za-z0-9\u00C0-\u024F'’.%:/+-]+\s*|\s+|[\s\S]`, 'gu');
const CLOSING = new Set(Array.from('，。、；：！？）》」』】〕…—,.;:!?)]}%'));
const PAUSES = new Set(Array.from('，、；：,;:'));

/** Splits a full line after its last pause mark when that is past its middle: [kept, carried]. */
function atPause(line: string): [string, string] {
  const chars = Array.from(line);
  for (let i = chars.length - 2; i >= chars.length / 2; i--) {
    if (PAUSES.has(chars[i]!)) return [chars.slice(0, i + 1).join(''), chars.slice(i + 1).join('')];
  }
  return [line, ''];
}

function greedy(text: string, maxWidth: number, measure: (s: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const token of text.match(WORD) ?? []) {
    const candidate = line + token;
    if (!line || measure(candidate.trimEnd()) <= maxWidth || CLOSING.has(token)) {
      line = candidate;
      continue;
    }
    const [kept, carried] = atPause(line.trimEnd());
    lines.push(kept);
    line = (carried + token).trimStart();
    // A single word wider than the line is cut by characters.
    while (measure(line.trimEnd()) > maxWidth && graphemes(line).length > 1) {
      const chars = graphemes(line);
      let fit = 1;
      while (fit < chars.length && measure(chars.slice(0, fit + 1).join('')) <= maxWidth) fit++;
      lines.push(chars.slice(0, fit).join(''));
      line = chars.slice(fit).join('');
    }
  }
  if (line.trim()) lines.push(line.trimEnd());
  return lines;
}

/**
 * Wraps text into lines no wider than maxWidth, then narrows the width as far as the line count
 * allows so lines come out even (no long line over a one-character orphan).
 */
export function wrapText(text: string, maxWidth: number, measure: (s: string) => number): string[] {
  const lines = greedy(text.trim(), maxWidth, measure);
  if (lines.length < 2) return lines;
  // Never narrower than the widest word: evening out must not cut one.
  const widest = Math.max(...(text.match(WORD) ?? []).map((token) => measure(token.trim())));
  let low = Math.max(measure(text.trim()) / lines.length, Math.min(widest, maxWidth));
  let high = maxWidth;
  let best = lines;
  for (let i = 0; i < 8 && high - low > 2; i++) {
    const mid = (low + high) / 2;
    const tried = greedy(text.trim(), mid, measure);
    if (tried.length === lines.length) {
      best = tried;
      high = mid;
    } else low = mid;
  }
  return best;
}
