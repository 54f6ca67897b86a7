/**
 * The UI kit (antd-mobile), for every app and for @app/shared itself, from here only. It comes in
 * two federation singletons, each one instance in the page and each holding only the components
 * listed in it (a shared `antd-mobile` would ship the whole library, ≈190 KB gzip, since shared
 * modules are not tree-shaken):
 *
 * - `@app/shared/kit` (this file): what the frame and the first route (首页) draw. It loads with
 *   the first page, so it stays small, and nothing in it may pull @react-spring, @use-gesture or
 *   rc-field-form (kit.test.ts checks).
 * - `@app/shared/kit/more` (kit-more.ts): everything else — overlays, gestures, forms, inputs —
 *   loaded by the pages that use them, and by @app/shared's toasts and dialogs on first use.
 *
 * A component a page needs goes into `more` unless the first route draws it. Each comes from its
 * own module, never from the `antd-mobile` index: the index is marked as having side effects, so
 * importing one name from it keeps every name either file uses.
 */
import 'antd-mobile/es/global';
import './kit.css';

export { default as Button } from 'antd-mobile/es/components/button';
export { default as DotLoading } from 'antd-mobile/es/components/dot-loading';
export { default as InfiniteScroll } from 'antd-mobile/es/components/infinite-scroll';
// antd-mobile's look with accessible markup: a real back button named 返回 (nav-bar.tsx).
export { NavBar } from './nav-bar';
// An empty page or list with a picture of what it is empty of (templates, videos, signed out,
// records), or of why it could not load (offline, missing).
export { EmptyIllustration, EmptyState, type EmptyKind, type EmptyStateProps } from './empty-state';
