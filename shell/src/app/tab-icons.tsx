import type { TabIcon } from '@app/shared';

/** Inline SVG tab icons (no icon font to download); drawn in `currentColor`. */
const PATHS: Record<TabIcon, (active: boolean) => React.ReactNode> = {
  home: (active) => (
    <path
      d="M3.5 10.2 12 3.5l8.5 6.7V19a1.5 1.5 0 0 1-1.5 1.5h-4.2v-5.6H9.2v5.6H5A1.5 1.5 0 0 1 3.5 19z"
      fill={active ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinejoin="round"
    />
  ),
  create: (active) => (
    <>
      <rect x="3" y="5" width="14" height="14" rx="2.5" fill={active ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.8" />
      <path d="m17 10 4-2.5v9L17 14" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
      <path d="m8.5 9.3 4 2.7-4 2.7z" fill={active ? '#fff' : 'currentColor'} />
    </>
  ),
  mine: (active) => (
    <>
      <circle cx="12" cy="8" r="4" fill={active ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.8" />
      <path d="M4 20.5c.8-4 4-6 8-6s7.2 2 8 6" fill={active ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </>
  ),
};

export function TabIconSvg({ icon, active }: { icon: TabIcon; active: boolean }) {
  return (
    <svg className="app-tab-icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
      {PATHS[icon](active)}
    </svg>
  );
}
