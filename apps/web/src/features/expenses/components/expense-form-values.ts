import type {
  Expense,
  ExpenseType,
  IsrWithholdingType,
  PurchaseCurrency,
  PurchaseDocumentType,
  PurchasePaymentMethod,
} from '@agencia/shared';
import { todayDateOnly } from '../../../lib/format';

/** The purchase form's values: amounts as typed (number or '' while empty), selects '' when unset. */
export interface Values {
  supplierId: string;
  documentType: PurchaseDocumentType;
  ncf: string;
  issueDate: string;
  paymentDate: string;
  expenseType: ExpenseType | '';
  currency: PurchaseCurrency;
  goodsAmount: number | string;
  servicesAmount: number | string;
  itbis: number | string;
  itbisToCost: number | string;
  itbisWithheld: number | string;
  isrWithholdingType: IsrWithholdingType | '';
  isrWithheld: number | string;
  paymentMethod: PurchasePaymentMethod | '';
  projectId: string | null;
  billable: boolean;
  description: string;
}

/** The form's values for `e` (null: a new purchase on `projectId`). */
export const valuesOf = (e: Expense | null, projectId: string | null): Values => ({
  supplierId: e?.supplier._id ?? '',
  documentType: e?.documentType ?? 'B01',
  ncf: e && !e.issuedByAgency ? e.ncf : '',
  issueDate: e?.issueDate ?? todayDateOnly(),
  paymentDate: e?.paymentDate ?? '',
  expenseType: e?.expenseType ?? '',
  currency: e?.currency ?? 'DOP',
  goodsAmount: e ? e.goodsAmount : '',
  servicesAmount: e ? e.servicesAmount : '',
  itbis: e ? e.itbis : '',
  itbisToCost: e ? e.itbisToCost : '',
  itbisWithheld: e ? e.itbisWithheld : '',
  isrWithholdingType: e?.isrWithholdingType ?? '',
  isrWithheld: e ? e.isrWithheld : '',
  paymentMethod: e?.paymentMethod ?? '',
  projectId: e ? e.projectId : projectId,
  billable: e?.billable ?? false,
  description: e?.description ?? '',
});
