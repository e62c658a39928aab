/** The billing lists' panel, now shared with the purchases list: see `components/ui/list-panel.tsx`. */
export { ListPanel as DocumentListPanel } from '../../../components/ui/list-panel';
