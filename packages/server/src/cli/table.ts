/** Columns a character takes in a terminal: CJK and full-width forms take two. */
function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) width += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u.test(char) ? 2 : 1;
  return width;
}

/** Rows under a header, each column padded to its widest cell (Chinese text lines up too). */
export function formatTable(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) => Math.max(displayWidth(title), ...rows.map((row) => displayWidth(row[column] ?? ''))));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell + ' '.repeat((widths[column] ?? 0) - displayWidth(cell)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

/** `2026-12-31 18:05` in this machine's time zone; '' for 0 (none). */
export function formatTime(ms: number): string {
  if (ms === 0) return '';
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}
