/**
 * Public entry of the invoices feature (decisions 118 and 150): other features import only this
 * file. The received e-CF tests walk from Facturación (its admin-only "e-CF recibidos" link) to
 * their own screen.
 */
export { BillingPage } from './pages/billing-page';
