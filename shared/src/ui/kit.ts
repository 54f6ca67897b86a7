/**
 * The UI kit (antd-mobile), for every app and for @app/shared itself, from here only:
 * `import { Button } from '@app/shared/kit'`. It is a federation singleton of its own, so it is one
 * instance in the page (one render registration, one set of global containers for Toast and
 * Dialog), and it holds only the components listed here: a shared `antd-mobile` would ship the
 * whole library (≈190 KB gzip), since shared modules are not tree-shaken. A component a page needs
 * is added to this list.
 */
import { registerAntdRender } from './antd-render';

registerAntdRender();

export {
  ActionSheet,
  Avatar,
  Button,
  Dialog,
  ErrorBlock,
  InfiniteScroll,
  Input,
  List,
  NavBar,
  PullToRefresh,
  Result,
  SpinLoading,
  Stepper,
  TabBar,
  TextArea,
  Toast,
} from 'antd-mobile';
