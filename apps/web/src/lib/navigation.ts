/**
 * Navigation from outside React (the HTTP client after a failed refresh).
 * The router registers itself at start-up; before that, a hard redirect is the fallback.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigator: Navigate | null = null;

export function registerNavigator(navigate: Navigate): void {
  navigator = navigate;
}

export function navigateTo(to: string, options: { replace?: boolean } = {}): void {
  if (navigator) {
    navigator(to, options);
    return;
  }
  if (options.replace) window.location.replace(to);
  else window.location.assign(to);
}
