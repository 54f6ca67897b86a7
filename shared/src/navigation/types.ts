/** The navigation runtime's contract (uni-app's names and rules); the shell implements it. */

export type NavigateMethod = 'navigateTo' | 'redirectTo' | 'reLaunch' | 'switchTab' | 'navigateBack';

export interface NavigationResult {
  /** uni-app style, e.g. `navigateTo:ok`. */
  errMsg: string;
}

interface Callbacks {
  success?: (result: NavigationResult) => void;
  fail?: (error: NavigationError) => void;
  complete?: (result: NavigationResult | NavigationError) => void;
}

export interface NavigateOptions extends Callbacks {
  /** `/route?query`, or a path relative to the current page. */
  url: string;
}

export interface NavigateBackOptions extends Callbacks {
  /** Pages to pop; clamped to what the stack holds. Default 1. */
  delta?: number;
}

/** One open page, as `getCurrentPages()` lists it (first = bottom, last = current). */
export interface PageInstance {
  /** Stable per open page. */
  id: number;
  /** `pages/index/index` */
  route: string;
  /** `/pages/index/index?x=1` */
  fullPath: string;
  /** The page's query parameters. */
  options: Record<string, string>;
}

/**
 * A failed navigation. `message` is the text of docs/product.md "Error catalogue" word for word
 * (e.g. "page `/x` is not found"); `errMsg` prefixes it with the method the way uni-app does.
 */
export class NavigationError extends Error {
  readonly errMsg: string;
  constructor(
    readonly method: NavigateMethod,
    message: string,
  ) {
    super(message);
    this.name = 'NavigationError';
    this.errMsg = `${method}:fail ${message}`;
  }
}

export interface Navigation {
  navigateTo(options: NavigateOptions): Promise<NavigationResult>;
  redirectTo(options: NavigateOptions): Promise<NavigationResult>;
  reLaunch(options: NavigateOptions): Promise<NavigationResult>;
  switchTab(options: NavigateOptions): Promise<NavigationResult>;
  navigateBack(options?: NavigateBackOptions): Promise<NavigationResult>;
  getCurrentPages(): PageInstance[];
}
