/** Bank reconciliation (decision 167): what other features use — the accounts panel of Configuración. */
export { BankAccountsPanel } from './components/bank-accounts-panel';
