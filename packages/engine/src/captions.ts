// The script becomes timed captions: clauses split at Chinese (and ASCII) punctuation, long ones
// cut by length, then spread over the time they have in proportion to how long they are to read.

export interface Caption {
  text: string;
  /** Seconds from the start of the video. */
  start: number;
  end: number;
}

// A clause ends at these; the pauses (，。；) are dropped as subtitles do, the tone marks (！？) kept.
const PAUSES = new Set(['。', '；', '，', '、', ';', ',', '\n']);
const TONES = new Set(['！', '？', '!', '?']);
/** Shortest time a caption stays up; a script too long for the video is merged up to this. */
const MIN_SECONDS = 1.2;

export function splitScript(script: string, maxChars: number): string[] {
  const clauses: string[] = [];
  let current = '';
  const flush = () => {
    const clause = current.replace(/\s+/g, ' ').trim();
    if (clause) clauses.push(clause);
    current = '';
  };
  for (const char of script.replace(/\r\n?/g, '\n')) {
    if (PAUSES.has(char)) flush();
    else if (TONES.has(char) && !current.trim() && clauses.length) {
      clauses[clauses.length - 1] += char; // the second mark of “好！！” stays with its clause
    } else if (TONES.has(char)) {
      current += char;
      flush();
    } else current += char;
  }
  flush();
  return clauses.flatMap((clause) => cutByLength(clause, maxChars));
}

/** Cuts into near-equal parts of at most maxChars, preferring a space when there is one near. */
function cutByLength(clause: string, maxChars: number): string[] {
  const chars = Array.from(clause);
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

const weight = (text: string) => Math.max(4, Array.from(text).length);

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
