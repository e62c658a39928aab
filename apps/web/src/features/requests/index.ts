/**
 * Public entry of the requests feature (decision 118): other features import only this file.
 * The quote form reads a quote request to prefill "Crear cotización".
 */
export { getRequest } from './api/requests-api';
