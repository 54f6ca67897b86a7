/**
 * The UI kit (antd-mobile), for every app and for @app/shared itself, from here only:
 * `import { Button } from '@app/shared/kit'`. It is a federation singleton of its own, so it is one
 * instance in the page, and it holds only the components listed here: a shared `antd-mobile`
 * would ship the whole library (≈190 KB gzip), since shared modules are not tree-shaken.
 *
 * This is the light half, which the first route may load: nothing here pulls @react-spring,
 * @use-gesture or rc-field-form (kit.test.ts checks). Components that do — overlays, gestures,
 * forms — are in `@app/shared/kit/heavy`, loaded only by the pages that use them. A component a
 * page needs is added to the right list.
 *
 * Each component comes from its own module, never from the `antd-mobile` index: the index is
 * marked as having side effects, so importing one name from it keeps every name either half
 * uses, and the heavy half would ride along with the light one.
 */
import 'antd-mobile/es/global';

export { default as Avatar } from 'antd-mobile/es/components/avatar';
export { default as Button } from 'antd-mobile/es/components/button';
export { default as Checkbox } from 'antd-mobile/es/components/checkbox';
export { default as DotLoading } from 'antd-mobile/es/components/dot-loading';
export { default as ErrorBlock } from 'antd-mobile/es/components/error-block';
export { default as InfiniteScroll } from 'antd-mobile/es/components/infinite-scroll';
export { default as Input } from 'antd-mobile/es/components/input';
export { default as List } from 'antd-mobile/es/components/list';
export { default as NavBar } from 'antd-mobile/es/components/nav-bar';
export { default as ProgressCircle } from 'antd-mobile/es/components/progress-circle';
export { default as Result } from 'antd-mobile/es/components/result';
export { default as TabBar } from 'antd-mobile/es/components/tab-bar';
