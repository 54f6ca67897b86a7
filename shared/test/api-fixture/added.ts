// v1 and one export more (the formatPoints): a minor change.
export function formatTime(ms: number): string {
  return `${Math.round(ms / 1000)} s`;
}

export function formatPoints(points: number): string {
  return `${points} 积分`;
}
