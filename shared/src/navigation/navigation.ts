import type {
  NavigateBackOptions,
  NavigateOptions,
  Navigation,
  NavigationError,
  NavigationResult,
  PageInstance,
} from './types';

let impl: Navigation | undefined;

/** The shell installs its page stack here at start; pages call the functions below. */
export function provideNavigation(navigation: Navigation): void {
  impl = navigation;
}

function current(): Navigation {
  if (!impl) throw new Error('navigation is not available: the shell has not started');
  return impl;
}

/** uni-app call style: a promise, and the success / fail / complete callbacks if given. */
function withCallbacks<O extends NavigateOptions | NavigateBackOptions>(
  run: (n: Navigation, o: O) => Promise<NavigationResult>,
) {
  return (options: O): Promise<NavigationResult> =>
    run(current(), options).then(
      (result) => {
        options?.success?.(result);
        options?.complete?.(result);
        return result;
      },
      (error: NavigationError) => {
        options?.fail?.(error);
        options?.complete?.(error);
        throw error;
      },
    );
}

export const navigateTo = withCallbacks<NavigateOptions>((n, o) => n.navigateTo(o));
export const redirectTo = withCallbacks<NavigateOptions>((n, o) => n.redirectTo(o));
export const reLaunch = withCallbacks<NavigateOptions>((n, o) => n.reLaunch(o));
export const switchTab = withCallbacks<NavigateOptions>((n, o) => n.switchTab(o));
const back = withCallbacks<NavigateBackOptions>((n, o) => n.navigateBack(o));
export const navigateBack = (options: NavigateBackOptions = {}) => back(options);
export const getCurrentPages = (): PageInstance[] => current().getCurrentPages();
