import { useEffect } from 'react';

/** Title and meta description of a public page. */
export interface PageMeta {
  title: string;
  description: string;
}

/** Meta of the page rendered last on the server (build-time pre-rendering only). */
let renderedPageMeta: PageMeta | null = null;

/** Returns and clears the meta recorded by the last server render (see `prerender/entry.tsx`). */
export function takeRenderedPageMeta(): PageMeta | null {
  const meta = renderedPageMeta;
  renderedPageMeta = null;
  return meta;
}

/**
 * Sets the document title and meta description of a public page (SEO). On the server (no
 * `document`), records them for the pre-rendered HTML instead.
 */
export function usePageMeta(title: string, description: string): void {
  if (typeof document === 'undefined') renderedPageMeta = { title, description };
  useEffect(() => {
    document.title = title;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = description;
    document.querySelector<HTMLMetaElement>('meta[property="og:title"]')?.setAttribute('content', title);
    document
      .querySelector<HTMLMetaElement>('meta[property="og:description"]')
      ?.setAttribute('content', description);
  }, [title, description]);
}
