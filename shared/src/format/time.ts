const pad = (n: number) => String(n).padStart(2, '0');

/** A moment as the apps show it, to the minute in the device's time zone: `2026-11-22 08:05`. */
export function formatTime(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
