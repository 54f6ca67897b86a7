import type { CSSProperties, ReactNode } from 'react';

/** What is missing: each has its own picture, so the page says at a glance what it is empty of. */
export type EmptyKind = 'templates' | 'videos' | 'signed-out' | 'records' | 'offline' | 'missing';

const BLUE = '#0067ED';
const PALE = '#E8F0F8';
const MID = '#B5CEF0';
/** A card, a screen, a sheet of paper: white with a light blue edge, seen on white and on the pale page alike. */
const CARD = { fill: '#fff', stroke: MID, strokeWidth: 2 } as const;

/** 暂无模板: a grid of template cards, one of them still to come. */
function Templates() {
  return (
    <>
      <rect x="22" y="14" width="34" height="44" rx="5" {...CARD} />
      <rect x="64" y="14" width="34" height="44" rx="5" {...CARD} />
      <rect x="22" y="64" width="34" height="22" rx="5" {...CARD} />
      <rect x="64" y="64" width="34" height="22" rx="5" fill="none" stroke={MID} strokeWidth="2" strokeDasharray="4 3" />
      <path d="M34 28l10 8-10 8z" fill={MID} />
      <path d="M76 28l10 8-10 8z" fill={MID} />
      <path d="M81 70v10M76 75h10" stroke={BLUE} strokeWidth="2.5" strokeLinecap="round" />
    </>
  );
}

/** 还没有作品: a film strip with a play button, waiting for the first video. */
function Videos() {
  return (
    <>
      <rect x="18" y="20" width="84" height="58" rx="8" {...CARD} />
      <path d="M18 32h84M18 66h84" stroke={MID} strokeWidth="2" />
      {[26, 40, 54, 68, 82].map((x) => (
        <g key={x}>
          <rect x={x} y="23" width="8" height="6" rx="1.5" fill={PALE} />
          <rect x={x} y="69" width="8" height="6" rx="1.5" fill={PALE} />
        </g>
      ))}
      <circle cx="60" cy="49" r="12" fill={BLUE} />
      <path d="M56 43v12l10-6z" fill="#fff" />
      <path d="M96 10l2.5 5 5 2.5-5 2.5-2.5 5-2.5-5-5-2.5 5-2.5z" fill={BLUE} opacity="0.6" />
    </>
  );
}

/** 登录后查看: a person's card with a lock on it. */
function SignedOut() {
  return (
    <>
      <rect x="24" y="16" width="72" height="66" rx="10" {...CARD} />
      <circle cx="60" cy="38" r="11" fill={MID} />
      <path d="M40 70c2-11 10-17 20-17s18 6 20 17" fill={MID} />
      <rect x="78" y="62" width="22" height="18" rx="4" fill={BLUE} />
      <path d="M83 62v-4a6 6 0 0112 0v4" fill="none" stroke={BLUE} strokeWidth="3" />
      <circle cx="89" cy="71" r="2.5" fill="#fff" />
    </>
  );
}

/** 暂无记录: a receipt with empty lines and a coin. */
function Records() {
  return (
    <>
      <path d="M32 12h48a4 4 0 014 4v68l-7-5-7 5-7-5-7 5-7-5-7 5-7-5-7 5V16a4 4 0 014-4z" {...CARD} />
      <path d="M40 28h32M40 40h32M40 52h20" stroke={MID} strokeWidth="3" strokeLinecap="round" />
      <circle cx="86" cy="66" r="13" fill={BLUE} />
      <circle cx="86" cy="66" r="8" fill="none" stroke="#fff" strokeWidth="2" />
      <path d="M86 62v8" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
    </>
  );
}

/** 加载失败: a cloud cut off from the phone below it. */
function Offline() {
  return (
    <>
      <path d="M38 48a12 12 0 01-1-24 17 17 0 0132-5 13 13 0 0113 13 10 10 0 01-2 20z" {...CARD} />
      <rect x="48" y="58" width="24" height="30" rx="4" {...CARD} />
      <path d="M60 52v-4" stroke={MID} strokeWidth="2.5" strokeLinecap="round" strokeDasharray="2 4" />
      <circle cx="84" cy="58" r="10" fill={BLUE} />
      <path d="M80 54l8 8M88 54l-8 8" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
    </>
  );
}

/** 不存在: a sheet of paper with a question mark, what was asked for no longer there. */
function Missing() {
  return (
    <>
      <path d="M34 12h36l16 16v56a4 4 0 01-4 4H34a4 4 0 01-4-4V16a4 4 0 014-4z" {...CARD} />
      <path d="M70 12v16h16" fill="none" stroke={MID} strokeWidth="2" />
      <path d="M50 46a8 8 0 1112 7c-2 1-2 3-2 5" fill="none" stroke={BLUE} strokeWidth="3.5" strokeLinecap="round" />
      <circle cx="60" cy="68" r="2.5" fill={BLUE} />
      <path d="M40 78h14" stroke={PALE} strokeWidth="3" strokeLinecap="round" />
    </>
  );
}

const DRAWINGS: Record<EmptyKind, () => ReactNode> = {
  templates: Templates,
  videos: Videos,
  'signed-out': SignedOut,
  records: Records,
  offline: Offline,
  missing: Missing,
};

/** The picture alone, 120×96, light, in the product's blue: decoration (the title says it). */
export function EmptyIllustration({ kind }: { kind: EmptyKind }) {
  const Drawing = DRAWINGS[kind];
  return (
    <svg className="app-empty-illustration" data-kind={kind} width="120" height="96" viewBox="0 0 120 96" aria-hidden="true" focusable="false">
      <Drawing />
    </svg>
  );
}

export interface EmptyStateProps {
  kind: EmptyKind;
  title: ReactNode;
  description?: ReactNode;
  className?: string;
  style?: CSSProperties;
  /** Actions under the text (a button). */
  children?: ReactNode;
}

/**
 * An empty page or list, or one that could not load: its picture, what is missing, and what to do
 * about it. Our own markup (antd-mobile's ErrorBlock looked the same but carried four large
 * drawings of its own onto the first route).
 */
export function EmptyState({ kind, title, description, className, style, children }: EmptyStateProps) {
  return (
    <div className={['app-empty', className].filter(Boolean).join(' ')} style={style}>
      <EmptyIllustration kind={kind} />
      <div className="app-empty-title">{title}</div>
      {description !== undefined && description !== null && <div className="app-empty-description">{description}</div>}
      {children && <div className="app-empty-actions">{children}</div>}
    </div>
  );
}
