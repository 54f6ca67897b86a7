// v1 with its export's signature changed (a parameter more): a major change.
export function formatTime(ms: number, unit: 's' | 'min'): string {
  return unit === 's' ? `${Math.round(ms / 1000)} s` : `${Math.round(ms / 60000)} min`;
}
