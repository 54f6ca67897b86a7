/**
 * The rest of the UI kit (see kit.ts): everything the first route does not draw, among it the
 * components that pull @react-spring, @use-gesture or rc-field-form. Pages import it as
 * `@app/shared/kit/more`; @app/shared's toasts and dialogs load it on first use.
 */
import 'antd-mobile/es/global';
import { registerAntdRender } from './antd-render';

// Toast, Dialog and friends mount themselves imperatively: give them React 19's renderer.
registerAntdRender();

// antd-mobile's look with accessible markup: buttons in a named dialog (action-sheet.tsx).
export { ActionSheet } from './action-sheet';
export { default as Avatar } from 'antd-mobile/es/components/avatar';
export { default as Checkbox } from 'antd-mobile/es/components/checkbox';
export { default as Dialog } from 'antd-mobile/es/components/dialog';
export { default as Input } from 'antd-mobile/es/components/input';
export { default as List } from 'antd-mobile/es/components/list';
export { default as ProgressCircle } from 'antd-mobile/es/components/progress-circle';
export { default as PullToRefresh } from 'antd-mobile/es/components/pull-to-refresh';
export { default as Result } from 'antd-mobile/es/components/result';
export { default as SpinLoading } from 'antd-mobile/es/components/spin-loading';
export { default as TextArea } from 'antd-mobile/es/components/text-area';
export { default as Toast } from 'antd-mobile/es/components/toast';
