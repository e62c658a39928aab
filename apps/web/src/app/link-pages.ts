/**
 * Pages reached only through a link someone received (registration, a shared document, a document
 * to sign, the signature check), loaded through this module: Vite writes the list of chunks each
 * dynamic import preloads next to it, and kept in `routes.tsx` those lists weighed on the entry
 * chunk every public page downloads (its 150 KB budget, decisions 020, 134). Here they cost one
 * small extra request on these pages only.
 */
export const registerPage = () =>
  import('../features/registration/pages/register-page').then((m) => ({ Component: m.RegisterPage }));

/** A document shared by a signed, expiring link (decision 116). */
export const sharedDocumentPage = () =>
  import('../features/share/pages/shared-document-page').then((m) => ({ Component: m.SharedDocumentPage }));

/** The recipient reads and signs a proposal or contract (decision 173). */
export const signPage = () =>
  import('../features/proposals/pages/sign-page').then((m) => ({ Component: m.SignPage }));

/** Is this PDF the one signed? (the certificate page's QR, decision 173). */
export const verifyPage = () =>
  import('../features/proposals/pages/verify-page').then((m) => ({ Component: m.VerifyPage }));
