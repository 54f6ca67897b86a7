import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { createRoot, type Root } from 'react-dom/client';

// antd-mobile 5 mounts Toast and Dialog with ReactDOM.render, which React 19 removed: without a
// createRoot renderer they render nothing. One root per container, dropped on unmount because
// an unmounted root cannot render again.
const roots = new WeakMap<Element | DocumentFragment, Root>();
let registered = false;

/** Registers the React 19 renderer with antd-mobile, once, whichever module asks first. */
export function registerAntdRender(): void {
  if (registered) return;
  registered = true;
  unstableSetRender((node, container) => {
    const root = roots.get(container) ?? createRoot(container);
    roots.set(container, root);
    root.render(node);
    return async () => {
      // Unmounting while React is still rendering warns; let the current render finish first.
      await new Promise((resolve) => setTimeout(resolve, 0));
      root.unmount();
      roots.delete(container);
    };
  });
}
