/**
 * Public entry of the access-request feature (decision 118): other features import only this
 * file. The login page loads it lazily when "¿Nuevo cliente?" is first used.
 */
export { AccessRequestModal } from './components/access-request-modal';
