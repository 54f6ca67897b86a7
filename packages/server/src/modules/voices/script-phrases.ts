// A script cut into the phrases a narration speaks one by one and the captions show one by one:
// at the pauses a reader makes (。；，、 and line ends) and after ！？, never inside a word; a phrase
// longer than a caption line holds is cut into near-equal parts. The same rules as the engine's
// captions (packages/engine/src/captions.ts splitScript), so a narrated video's captions read the
// same as an unnarrated one's.
import { graphemes, withoutEmoji } from '@app/contract';

const PAUSES = new Set(['。', '；', '，', '、', ';', ',', '\n', '：', ':']);
const TONES = new Set(['！', '？', '!', '?', '…']);
/** The most characters of one caption phrase (two lines of a 9:16 caption). */
export const PHRASE_MAX_CHARS = 18;

export function scriptPhrases(script: string, maxChars = PHRASE_MAX_CHARS): string[] {
  const clauses: string[] = [];
  let current = '';
  const flush = () => {
    const clause = current.replace(/\s+/g, ' ').trim();
    if (clause) clauses.push(clause);
    current = '';
  };
  for (const char of script.replace(/\r\n?/g, '\n')) {
    if (PAUSES.has(char)) flush();
    else if (TONES.has(char) && !current.trim() && clauses.length) clauses[clauses.length - 1] += char;
    else if (TONES.has(char)) {
      current += char;
      flush();
    } else current += char;
  }
  flush();
  // A phrase of punctuation, symbols or emoji alone has nothing to say (a vendor refuses it:
  // Volcengine 3011).
  return clauses.flatMap((clause) => cutByLength(clause, maxChars)).filter((phrase) => /[\p{L}\p{N}]/u.test(withoutEmoji(phrase)));
}

/** Cut into near-equal parts by characters, an emoji sequence being one. */
function cutByLength(clause: string, maxChars: number): string[] {
  const chars = graphemes(clause);
  if (chars.length <= maxChars) return [clause];
  const parts = Math.ceil(chars.length / maxChars);
  const size = Math.ceil(chars.length / parts);
  const out: string[] = [];
  let at = 0;
  while (at < chars.length) {
    let end = Math.min(chars.length, at + size);
    if (end < chars.length) {
      const space = chars.lastIndexOf(' ', end);
      if (space > at + size / 2) end = space + 1;
    }
    out.push(chars.slice(at, end).join('').trim());
    at = end;
  }
  return out.filter(Boolean);
}
