import type { AgencyTaxpayerKind, ClientType, TaxpayerType, WithholdingPreset } from '@agencia/shared';

/**
 * The withholding preset 'Registrar pago' starts with (issue 12), from who pays and who bills:
 * - nothing withheld yet is required: a later partial payment starts with 'none', because the
 *   client withholds once per invoice (the server refuses a running total of ITBIS withheld above
 *   the invoice's ITBIS, or of ISR above the amount before ITBIS);
 * - a gubernamental client → 'government' (5 % ISR, Ley 253-12 art. 12);
 * - an agency registered as persona física → 'persona_fisica' (100 % ITBIS + 10 % ISR), except
 *   for a client who is an individual consumidor final, who is no withholding agent;
 * - a company client → 'company_services' (30 % of the ITBIS, Norma 02-2005);
 * - anyone else → 'none'.
 * The user can always pick another preset and edit the amounts.
 */
export function defaultWithholdingPreset(p: {
  agencyKind: AgencyTaxpayerKind | undefined;
  clientType: ClientType | undefined;
  taxpayerType: TaxpayerType | undefined;
  alreadyWithheld: number;
}): WithholdingPreset {
  if (p.alreadyWithheld > 0) return 'none';
  if (p.taxpayerType === 'gubernamental') return 'government';
  const individualConsumer = p.clientType === 'individual' && p.taxpayerType === 'consumidor_final';
  if (p.agencyKind === 'persona_fisica' && !individualConsumer) return 'persona_fisica';
  if (p.clientType === 'company') return 'company_services';
  return 'none';
}

/**
 * The share of a preset's withholdings that belongs to a partial payment (issue 32, point 4), in
 * centavos. The client withholds on what it settles: a cash `amountCents` settles
 * `amount × balance / (balance − withheld)` of the invoice, and the withholdings are that share
 * of `full` (rounded to the centavo). A payment that covers the rest of the balance takes the
 * whole preset. `full`: the preset on the invoice; `balanceCents`: what is still owed.
 */
export function withholdingShare(
  full: { itbisCents: number; isrCents: number },
  balanceCents: number,
  amountCents: number,
): { itbisCents: number; isrCents: number } {
  const fullCents = full.itbisCents + full.isrCents;
  const cashForAll = balanceCents - fullCents;
  if (fullCents === 0 || cashForAll <= 0 || amountCents >= cashForAll) return full;
  const share = (cents: number) => Math.round((amountCents * cents) / cashForAll);
  return { itbisCents: share(full.itbisCents), isrCents: share(full.isrCents) };
}
