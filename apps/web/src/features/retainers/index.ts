/**
 * Public entry of the retainers feature (decisions 118 and 150): other features import only this
 * file. A client's Facturación lists their active retainers (iguales) above their invoices.
 */
export { ClientRetainersCard } from './components/client-retainers-card';
