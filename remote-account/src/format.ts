const pad = (n: number) => String(n).padStart(2, '0');

/** 13800138000 → 138****8000 */
export function maskPhone(phone: string): string {
  return /^\d{11}$/.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}

/** Membership end as the 我的 page shows it: 会员至 2026-12-31, or 非会员 when none or past. */
export function membershipLabel(expireTime: number, now = Date.now()): string {
  if (!expireTime || expireTime <= now) return '非会员';
  const d = new Date(expireTime);
  return `会员至 ${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** A points change with its sign: +100, -5, 0. */
export function signedPoints(change: number): string {
  return change > 0 ? `+${change}` : String(change);
}
