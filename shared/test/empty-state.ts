/** Which picture the empty state around `text` shows (EmptyState's kind), or null for none of ours. */
export function emptyKindAround(text: HTMLElement): string | null {
  return text.closest('.app-empty')?.querySelector('svg[data-kind]')?.getAttribute('data-kind') ?? null;
}
