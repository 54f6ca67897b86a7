/**
 * The heavy half of the UI kit: components that pull @react-spring, @use-gesture or
 * rc-field-form (together ≈35 KB gzip). `import { Dialog } from '@app/shared/kit/heavy'` from the
 * pages that need them; @app/shared's own toasts and dialogs load it on first use, so the first
 * route never pays for it. A federation singleton like `@app/shared/kit`, and like it, each
 * component from its own module (see kit.ts).
 */
import 'antd-mobile/es/global';
import { registerAntdRender } from './antd-render';

// Toast, Dialog and friends mount themselves imperatively: give them React 19's renderer.
registerAntdRender();

export { default as ActionSheet } from 'antd-mobile/es/components/action-sheet';
export { default as Dialog } from 'antd-mobile/es/components/dialog';
export { default as PullToRefresh } from 'antd-mobile/es/components/pull-to-refresh';
export { default as SpinLoading } from 'antd-mobile/es/components/spin-loading';
// Form fields no first route shows: here, so that they load with the pages that do.
export { default as Stepper } from 'antd-mobile/es/components/stepper';
export { default as TextArea } from 'antd-mobile/es/components/text-area';
export { default as Toast } from 'antd-mobile/es/components/toast';
