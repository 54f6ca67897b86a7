import Popup from 'antd-mobile/es/components/popup';
import { renderImperatively } from 'antd-mobile/es/utils/render-imperatively';
import type { ReactNode } from 'react';
import 'antd-mobile/es/components/action-sheet/action-sheet.css';
import './action-sheet.css';

export interface Action {
  key: string | number;
  text: ReactNode;
  danger?: boolean;
  disabled?: boolean;
}

export interface ActionSheetProps {
  actions: Action[];
  /** Shown above the actions; also the sheet's accessible name when it is text. */
  extra?: ReactNode;
  cancelText?: ReactNode;
  closeOnAction?: boolean;
  onAction?: (action: Action, index: number) => void;
  onClose?: () => void;
  afterClose?: () => void;
  /** Once the sheet has finished opening. */
  afterShow?: () => void;
  visible?: boolean;
}

/**
 * A bottom sheet of actions with antd-mobile's look (its classes and stylesheet) and accessible
 * markup: antd-mobile's ActionSheet gives its links role="option" with no listbox around them
 * (an axe critical violation) and no name to the sheet. Here the sheet is a modal dialog named by
 * its title, and every action, 取消 included, is a <button>.
 */
function Sheet({ actions, extra, cancelText, closeOnAction, onAction, onClose, afterClose, afterShow, visible = false }: ActionSheetProps) {
  const name = typeof extra === 'string' ? extra : undefined;
  return (
    // Drawn in place (getContainer null): `show` has already given it a container of its own on the
    // body, and a portal beside that one would outlive it when the body is cleared.
    <Popup visible={visible} onMaskClick={onClose} afterClose={afterClose} afterShow={afterShow} getContainer={null} className="adm-action-sheet-popup">
      <div className="adm-action-sheet" role="dialog" aria-modal="true" aria-label={name ?? '操作'}>
        {extra && <div className="adm-action-sheet-extra">{extra}</div>}
        <div className="adm-action-sheet-button-list">
          {actions.map((action, index) => (
            <div key={action.key} className="adm-action-sheet-button-item-wrapper">
              <button
                type="button"
                className={`adm-plain-anchor adm-action-sheet-button-item${action.danger ? ' adm-action-sheet-button-item-danger' : ''}${action.disabled ? ' adm-action-sheet-button-item-disabled' : ''}`}
                disabled={action.disabled}
                onClick={() => {
                  onAction?.(action, index);
                  if (closeOnAction) onClose?.();
                }}
              >
                <div className="adm-action-sheet-button-item-name">{action.text}</div>
              </button>
            </div>
          ))}
        </div>
        {cancelText && (
          <div className="adm-action-sheet-cancel">
            <div className="adm-action-sheet-button-item-wrapper">
              <button type="button" className="adm-plain-anchor adm-action-sheet-button-item" onClick={onClose}>
                <div className="adm-action-sheet-button-item-name">{cancelText}</div>
              </button>
            </div>
          </div>
        )}
        <div className="app-action-sheet-safe-area" />
      </div>
    </Popup>
  );
}

/** `ActionSheet.show(props)`, as antd-mobile's: opens the sheet; the handler closes it. */
export const ActionSheet = {
  show(props: Omit<ActionSheetProps, 'visible' | 'afterClose'>): { close(): void } {
    return renderImperatively(<Sheet {...props} />);
  },
};
