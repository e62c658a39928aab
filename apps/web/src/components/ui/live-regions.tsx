import { VisuallyHidden } from '@mantine/core';
import { registerLiveRegion } from '../../lib/live-region';

// Stable ref callbacks: an inline arrow would unregister and register again on every render.
const politeRef = (element: HTMLDivElement | null) => registerLiveRegion('polite', element);
const assertiveRef = (element: HTMLDivElement | null) => registerLiveRegion('assertive', element);

/**
 * The two live regions of the app (decision 112), in the DOM and empty from the first render:
 * polite (`role="status"`) and assertive (`role="alert"`). `lib/live-region.ts` `announce()`
 * writes into them: every toast (`ToastAnnouncements`, mounted with the toast container) and the
 * realtime updates without a toast. Mount once, at the app root.
 */
export function LiveRegions() {
  return (
    <VisuallyHidden>
      <div role="status" aria-live="polite" data-live-region="polite" ref={politeRef} />
      <div role="alert" aria-live="assertive" data-live-region="assertive" ref={assertiveRef} />
    </VisuallyHidden>
  );
}
