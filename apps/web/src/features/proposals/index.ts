/**
 * Proposals and contracts (decision 173): what other features use — the templates panel of
 * Configuración and the documents section of a lead's and a client's page. Its pages load through
 * `app/portal.tsx` and `app/routes.tsx`.
 */

export { ClientDocumentsPanel } from './components/client-documents-panel';
export { DocumentsSection } from './components/documents-list';
export { TemplatesPanel } from './components/templates-panel';
