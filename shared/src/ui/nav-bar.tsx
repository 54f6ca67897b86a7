import type { CSSProperties, ReactNode } from 'react';
import { t } from '../i18n/locale';
import 'antd-mobile/es/components/nav-bar/nav-bar.css';
import './nav-bar.css';

interface Props {
  className?: string;
  style?: CSSProperties;
  /** Shows the back button (a real <button> named 返回) and runs on its tap. */
  onBack?: () => void;
  /** The bar's title. */
  children?: ReactNode;
  right?: ReactNode;
}

/**
 * A navigation bar with antd-mobile's look (its classes and stylesheet) and accessible markup:
 * antd-mobile's own NavBar makes its left side a role="button" div with no name, around a back
 * control that is a plain div whose label is aria-hidden. Here the back control is a <button>
 * named 返回 (the locale's word) with a 44×44 tap area, and nothing else claims a role.
 */
export function NavBar({ className, style, onBack, children, right }: Props) {
  return (
    <div className={`adm-nav-bar${className ? ` ${className}` : ''}`} style={style}>
      <div className="adm-nav-bar-left">
        {onBack && (
          <button type="button" className="adm-nav-bar-back" aria-label={t('uni.navigationBar.back')} onClick={onBack}>
            <span className="adm-nav-bar-back-arrow" aria-hidden="true">
              {/* antd-mobile-icons' LeftOutline, the arrow antd-mobile's NavBar draws */}
              <svg width="1em" height="1em" viewBox="0 0 48 48" style={{ verticalAlign: '-0.125em' }} focusable="false">
                <path
                  fill="currentColor"
                  d="M31.7053818,5.11219264 L13.5234393,22.6612572 L13.5234393,22.6612572 C12.969699,23.2125856 12.9371261,24.0863155 13.4257204,24.6755735 L13.5234393,24.7825775 L31.7045714,42.8834676 C31.7795345,42.9580998 31.8810078,43 31.9867879,43 L35.1135102,43 C35.3344241,43 35.5135102,42.8209139 35.5135102,42.6 C35.5135102,42.4936115 35.4711279,42.391606 35.3957362,42.316542 L16.7799842,23.7816937 L16.7799842,23.7816937 L35.3764658,5.6866816 C35.5347957,5.53262122 35.5382568,5.27937888 35.3841964,5.121049 C35.3088921,5.04365775 35.205497,5 35.0975148,5 L31.9831711,5 C31.8795372,5 31.7799483,5.04022164 31.7053818,5.11219264 Z"
                />
              </svg>
            </span>
          </button>
        )}
      </div>
      <div className="adm-nav-bar-title">{children}</div>
      <div className="adm-nav-bar-right">{right}</div>
    </div>
  );
}
