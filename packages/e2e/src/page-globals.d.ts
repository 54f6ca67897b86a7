// What the shell puts on the page (shell/src/uni.ts), as the tests call it inside the browser.
interface UniNavigateOptions {
  url: string;
}

interface Window {
  uni: {
    navigateTo(options: UniNavigateOptions): Promise<{ errMsg: string }>;
    redirectTo(options: UniNavigateOptions): Promise<{ errMsg: string }>;
    reLaunch(options: UniNavigateOptions): Promise<{ errMsg: string }>;
    switchTab(options: UniNavigateOptions): Promise<{ errMsg: string }>;
    navigateBack(options?: { delta?: number }): Promise<{ errMsg: string }>;
  };
}

declare function getCurrentPages(): Array<{ route: string; fullPath: string; options: Record<string, string> }>;
