// Kept apart from lib/form.ts: the providers load it on every page, @mantine/form only forms.

/**
 * After a form is submitted and validation marks fields invalid, moves the focus to the first
 * invalid field (WCAG 3.3.1, decision 108), so keyboard and screen-reader users land on the error
 * Mantine already links with `aria-describedby`. One capture listener on the document serves every
 * form of the app; a valid submission leaves the focus alone. Returns the uninstaller.
 */
export function installFocusFirstInvalidField(root: Document = document): () => void {
  const onSubmit = (event: Event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    // Validation errors render in the same task as the submit; look after React has committed.
    window.setTimeout(() => {
      const invalid = form.querySelector<HTMLElement>('[aria-invalid="true"]');
      if (invalid && form.isConnected) invalid.focus();
    }, 0);
  };
  root.addEventListener('submit', onSubmit, true);
  return () => root.removeEventListener('submit', onSubmit, true);
}
