const pad = (n: number) => String(n).padStart(2, '0');

/** A video length as a player shows it: `0:05`, `1:00`. */
export function formatDuration(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${pad(seconds % 60)}`;
}

/** A wait in words: `约 40 秒`, `约 3 分钟`. */
export function formatWait(seconds: number): string {
  if (seconds < 60) return `约 ${Math.max(1, seconds)} 秒`;
  return `约 ${Math.ceil(seconds / 60)} 分钟`;
}

/** A file name any system accepts, from a title: `城市夜景.mp4`. */
export function videoFileName(title: string, id: string): string {
  const safe = title.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 60);
  return `${safe || `视频-${id}`}.mp4`;
}
