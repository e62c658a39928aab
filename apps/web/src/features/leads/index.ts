/** Public entry of the leads feature (decision 170): its pages load through `app/portal.tsx`. */
export { LeadDetailPage } from './pages/lead-detail-page';
export { LeadsPage } from './pages/leads-page';
