import {
  CreateExpenseRequestSchema,
  checkExpenseAmounts,
  type Expense,
  UpdateExpenseRequestSchema,
} from '@agencia/shared';
import {
  Alert,
  Button,
  FileInput,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPaperclip, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ProjectPicker, SupplierPicker } from '../../../components/pickers/pickers';
import { DateField } from '../../../components/ui/date-field';
import { getErrorMessage } from '../../../lib/api-client';
import { toastSuccess } from '../../../lib/toast';
import { useSessionStore } from '../../../stores/session-store';
import { useCreateExpense } from '../api/create-expense';
import { useAgencySettings } from '../api/get-agency-settings';
import { useUsdRate } from '../api/get-exchange-rate';
import { useSupplier } from '../api/get-supplier';
import { useUpdateExpense } from '../api/update-expense';
import { RECEIPT_ACCEPT, RECEIPT_MAX_BYTES, useUploadExpenseReceipt } from '../api/upload-expense-receipt';
import { ExpenseAmountsSection } from './expense-amounts-section';
import { type Values, valuesOf } from './expense-form-values';
import {
  documentTypeHint,
  documentTypeOptions,
  EXPENSE_TYPE_OPTIONS,
  isAgencyPurchaseType,
  num,
  PAYMENT_METHOD_OPTIONS,
  suggestedDocumentType,
  suggestedWithholdings,
} from './expense-rules';
import { SupplierFormModal } from './supplier-form-modal';

/**
 * "Nuevo gasto" / "Editar gasto" / "Completar gasto" (staff, decision 140): supplier picker with
 * "Crear suplidor" inline (admins), the document type — the supplier's NCF, or for admins a
 * B11/B13/B17 (E41/E43/E47) the server numbers, so the NCF field hides — amounts with live
 * totals, the DGII withholdings pre-filled while the user has not changed them (and why), USD
 * with the day's rate, project + "Facturable", and the receipt (PDF or image). Checks with the
 * shared schemas before sending; a server refusal shows in the form, which keeps what was typed.
 * A draft from a received e-CF ("Por completar") opens pre-filled and saves as recorded.
 */
export function ExpenseFormModal({
  opened,
  expense,
  onClose,
  defaultProjectId = null,
}: {
  opened: boolean;
  /** The purchase to edit or complete; null records a new one. */
  expense: Expense | null;
  onClose: () => void;
  /** The project a new purchase starts on (the employee's screen passes none). */
  defaultProjectId?: string | null;
}) {
  const role = useSessionStore((s) => s.user?.role);
  const isAdmin = role === 'admin';
  // After a create whose receipt upload failed, the form goes on as an edit of what was stored.
  const [stored, setStored] = useState<Expense | null>(expense);
  const current = stored ?? expense;
  const form = useForm<Values>({ mode: 'controlled', initialValues: valuesOf(expense, defaultProjectId) });
  const [receipt, setReceipt] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [withholdingsTouched, setWithholdingsTouched] = useState(Boolean(expense));
  /** The user picked the document type: the supplier no longer suggests one. */
  const [typeTouched, setTypeTouched] = useState(Boolean(expense));
  const [creatingSupplier, setCreatingSupplier] = useState(false);
  const [supplierLabel, setSupplierLabel] = useState<{ value: string; label: string } | null>(null);
  const create = useCreateExpense();
  const update = useUpdateExpense();
  const upload = useUploadExpenseReceipt();
  const settings = useAgencySettings(opened);
  const v = form.values;
  const supplier = useSupplier(v.supplierId || null, opened && isAdmin);
  const agencyDoc = isAgencyPurchaseType(v.documentType);
  const locked = Boolean(current?.issuedByAgency);
  const rate = useUsdRate(v.issueDate, opened && isAdmin && v.currency === 'USD');

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the modal opens or another purchase is chosen
  useEffect(() => {
    if (!opened) return;
    form.setValues(valuesOf(expense, defaultProjectId));
    form.clearErrors();
    setStored(expense);
    setReceipt(null);
    setError(null);
    setWithholdingsTouched(Boolean(expense && expense.status === 'recorded'));
    setTypeTouched(Boolean(expense));
    setSupplierLabel(expense ? { value: expense.supplier._id, label: expense.supplier.name } : null);
  }, [opened, expense?._id]);

  // The DGII's withholdings, when the rule's inputs are known (admins read the supplier and settings).
  const suggestion =
    supplier.data && settings.data
      ? suggestedWithholdings({
          documentType: v.documentType,
          supplierTaxpayerType: supplier.data.taxpayerType,
          agencyKind: settings.data.taxpayerKind,
          goodsAmount: v.goodsAmount,
          servicesAmount: v.servicesAmount,
          itbis: v.itbis,
        })
      : null;
  // Pre-fill follows the amounts until the user edits a withholding field.
  // biome-ignore lint/correctness/useExhaustiveDependencies: recomputed from the suggestion's own inputs
  useEffect(() => {
    if (!suggestion || withholdingsTouched) return;
    // Field by field: `setValues` would clear every error shown (an answer arriving after a submit).
    form.setFieldValue('itbisWithheld', suggestion.itbisWithheld || '');
    form.setFieldValue('isrWithheld', suggestion.isrWithheld || '');
    form.setFieldValue('isrWithholdingType', suggestion.isrWithholdingType ?? '');
  }, [
    suggestion?.itbisWithheld,
    suggestion?.isrWithheld,
    suggestion?.isrWithholdingType,
    withholdingsTouched,
  ]);

  const usdRate = v.currency === 'USD' ? (current?.exchangeRate ?? rate.data?.rate ?? null) : null;

  /** The request body from the form: withholdings left out while untouched and unknown (the API applies the DGII defaults). */
  const body = () => {
    const sendWithholdings = withholdingsTouched || Boolean(suggestion);
    return {
      supplierId: v.supplierId,
      ...(locked ? {} : { documentType: v.documentType, ncf: agencyDoc ? null : v.ncf }),
      issueDate: v.issueDate,
      paymentDate: v.paymentDate || null,
      expenseType: v.expenseType || undefined,
      currency: v.currency,
      goodsAmount: num(v.goodsAmount),
      servicesAmount: num(v.servicesAmount),
      itbis: num(v.itbis),
      itbisToCost: num(v.itbisToCost),
      ...(sendWithholdings
        ? {
            itbisWithheld: num(v.itbisWithheld),
            isrWithheld: num(v.isrWithheld),
            isrWithholdingType: v.isrWithholdingType || null,
          }
        : {}),
      paymentMethod: v.paymentMethod || undefined,
      projectId: v.projectId,
      billable: v.billable,
      description: v.description,
    };
  };

  const submit = form.onSubmit(async () => {
    setError(null);
    const input = body();
    // A draft must leave with an expense type and a payment form, like a new purchase.
    const parsed = current
      ? UpdateExpenseRequestSchema.safeParse(input)
      : CreateExpenseRequestSchema.safeParse(input);
    const errors: Record<string, string> = {};
    if (!v.supplierId) errors.supplierId = 'Selecciona un suplidor';
    if (!v.expenseType) errors.expenseType = 'Indica el tipo de gasto';
    if (!v.paymentMethod) errors.paymentMethod = 'Indica la forma de pago';
    if (!isAdmin && !v.projectId) errors.projectId = 'Indica el proyecto del gasto';
    // The cross-field rules (NCF shape, ITBIS and ISR limits, billable needs a project) also run
    // while other fields are still missing, which the schema's refinement would wait for.
    checkExpenseAmounts(
      { ...input, documentType: locked ? undefined : v.documentType, projectId: v.projectId },
      {
        addIssue: (issue: { path?: PropertyKey[]; message?: string }) => {
          errors[String(issue.path?.[0] ?? '')] ??= issue.message ?? 'Revisa este campo';
        },
      } as never,
    );
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        errors[field] ??= issue.message;
      }
    if (receipt && receipt.size > RECEIPT_MAX_BYTES) errors.receipt = 'El archivo supera los 10 MB';
    if (Object.keys(errors).length > 0) {
      form.setErrors(errors);
      return;
    }
    let saved: Expense | null = current;
    try {
      saved = current
        ? await update.mutateAsync({ id: current._id, input: input as never })
        : await create.mutateAsync(input as never);
    } catch (err) {
      setError(getErrorMessage(err, 'No se pudo guardar el gasto'));
      return;
    }
    if (receipt && saved) {
      try {
        await upload.mutateAsync({ id: saved._id, file: receipt });
      } catch (err) {
        setStored(saved);
        setWithholdingsTouched(true);
        setError(
          `El gasto quedó registrado, pero no se pudo adjuntar el comprobante: ${getErrorMessage(err, 'inténtalo de nuevo')}`,
        );
        return;
      }
    }
    toastSuccess(
      current ? (current.status === 'draft' ? 'Gasto completado' : 'Gasto actualizado') : 'Gasto registrado',
      saved?.issuedByAgency ? `NCF ${saved.ncf}` : saved?.description,
    );
    onClose();
  });

  const title = current ? (current.status === 'draft' ? 'Completar gasto' : 'Editar gasto') : 'Nuevo gasto';
  const mode = settings.data?.fiscalMode ?? 'paper';
  // The supplier's usual comprobante (decision 163): B11/E41 without RNC, B17/E47 from abroad.
  const supplierSuggestion =
    supplier.data && !locked ? suggestedDocumentType(supplier.data.taxpayerType, mode) : null;
  const typeSuggested =
    supplierSuggestion && v.documentType === supplierSuggestion ? supplier.data!.taxpayerType : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the chosen supplier until the user picks a type
  useEffect(() => {
    if (typeTouched || !supplierSuggestion || v.documentType === supplierSuggestion) return;
    form.setFieldValue('documentType', supplierSuggestion);
  }, [supplierSuggestion, typeTouched]);

  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
      opened={opened}
      onClose={onClose}
      title={title}
      size="xl"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {current?.status === 'draft' && (
            <Alert color="yellow" title="Por completar">
              Este gasto viene de un e-CF recibido. Revisa los montos y completa el tipo de gasto y la forma
              de pago.
            </Alert>
          )}
          {current?.ecfStatus === 'rejected' && (
            <Alert color="red" title="La DGII rechazó este e-CF">
              El motivo está en la notificación del rechazo. Para emitirlo de nuevo, elimina este gasto y
              regístralo otra vez con los datos corregidos.
            </Alert>
          )}
          {current?.invoiceId && (
            <Alert color="gray" title="Gasto facturado">
              Este gasto ya se facturó al cliente y no se puede modificar.
            </Alert>
          )}
          <Group align="flex-end" gap="sm">
            <SupplierPicker
              style={{ flex: '1 1 14rem' }}
              enabled={opened}
              required
              value={v.supplierId || null}
              selected={supplierLabel}
              onChange={(id) => form.setFieldValue('supplierId', id ?? '')}
              error={form.errors.supplierId}
            />
            {isAdmin && (
              <Button
                variant="default"
                leftSection={<IconPlus size={16} />}
                onClick={() => setCreatingSupplier(true)}
              >
                Crear suplidor
              </Button>
            )}
          </Group>

          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Tipo de comprobante"
              data={documentTypeOptions(mode, isAdmin)}
              renderOption={({ option }) => {
                const hint = documentTypeHint(option.value, mode);
                return (
                  <div>
                    <Text size="sm">{option.label}</Text>
                    {hint && (
                      <Text size="xs" c="dimmed">
                        {hint}
                      </Text>
                    )}
                  </div>
                );
              }}
              allowDeselect={false}
              disabled={locked}
              description={
                typeSuggested
                  ? `Sugerido por el suplidor: ${typeSuggested === 'informal' ? 'proveedor informal sin RNC' : 'proveedor del exterior'}`
                  : isAdmin
                    ? 'Gastos menores sin comprobante (peajes, parqueo): B13 de la agencia'
                    : undefined
              }
              {...form.getInputProps('documentType')}
              onChange={(t) => {
                setTypeTouched(true);
                if (t) form.setFieldValue('documentType', t as Values['documentType']);
              }}
            />
            {locked ? (
              <TextInput label="NCF" value={current?.ncf ?? ''} readOnly />
            ) : agencyDoc ? (
              <Stack gap={2} justify="flex-end">
                <Text size="sm" fw={500}>
                  NCF
                </Text>
                <Text size="sm" c="dimmed" data-testid="expense-ncf-auto">
                  Lo asigna el sistema al guardar, de la secuencia autorizada de la agencia.
                </Text>
              </Stack>
            ) : (
              <TextInput
                label="NCF del suplidor"
                required
                placeholder={
                  v.documentType.startsWith('E') ? `${v.documentType}0000000001` : `${v.documentType}00000001`
                }
                {...form.getInputProps('ncf')}
              />
            )}
            <DateField label="Fecha del comprobante" required {...form.getInputProps('issueDate')} />
            <DateField label="Fecha de pago" clearable {...form.getInputProps('paymentDate')} />
            <Select
              label="Tipo de gasto"
              placeholder="Selecciona el tipo (606)"
              data={EXPENSE_TYPE_OPTIONS}
              required
              searchable
              {...form.getInputProps('expenseType')}
            />
            <Select
              label="Forma de pago"
              placeholder="Selecciona la forma de pago"
              data={PAYMENT_METHOD_OPTIONS}
              required
              {...form.getInputProps('paymentMethod')}
            />
          </SimpleGrid>

          <Textarea
            label="Descripción"
            required
            autosize
            minRows={2}
            {...form.getInputProps('description')}
          />

          <ExpenseAmountsSection
            form={form}
            isAdmin={isAdmin}
            current={current}
            usdRate={usdRate}
            suggestion={suggestion}
            withholdingsTouched={withholdingsTouched}
            onWithholdingsTouched={() => setWithholdingsTouched(true)}
          />

          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <ProjectPicker
              label={isAdmin ? 'Proyecto (opcional)' : 'Proyecto'}
              required={!isAdmin}
              enabled={opened}
              clearable={isAdmin}
              placeholder={isAdmin ? 'Gasto de la agencia' : 'Selecciona el proyecto'}
              selected={current?.project ? { value: current.project._id, label: current.project.name } : null}
              value={v.projectId}
              onChange={(id) => {
                form.setFieldValue('projectId', id);
                if (!id) form.setFieldValue('billable', false);
              }}
              error={form.errors.projectId}
            />
            <Switch
              mt={{ sm: 'xl' }}
              label="Facturable al cliente"
              description={
                v.projectId ? 'Se podrá incluir en una factura del proyecto' : 'Elige primero un proyecto'
              }
              disabled={!v.projectId}
              {...form.getInputProps('billable', { type: 'checkbox' })}
            />
          </SimpleGrid>

          <Stack gap={4}>
            <FileInput
              label="Comprobante (foto o PDF)"
              placeholder={
                current?.receipt ? `Reemplazar ${current.receipt.filename}` : 'Adjunta el comprobante'
              }
              accept={RECEIPT_ACCEPT}
              clearable
              leftSection={<IconPaperclip size={16} />}
              value={receipt}
              onChange={setReceipt}
              error={form.errors.receipt}
              description="PDF, PNG, JPG o WEBP, máx. 10 MB"
            />
            {current?.receipt && !receipt && (
              <Text size="xs" c="dimmed">
                Adjunto: {current.receipt.filename}
              </Text>
            )}
          </Stack>

          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending || upload.isPending}>
              {current
                ? current.status === 'draft'
                  ? 'Completar gasto'
                  : 'Guardar cambios'
                : 'Registrar gasto'}
            </Button>
          </Group>
        </Stack>
      </form>
      {isAdmin && (
        <SupplierFormModal
          opened={creatingSupplier}
          onClose={() => setCreatingSupplier(false)}
          onSaved={(s) => {
            setSupplierLabel({ value: s._id, label: s.name });
            form.setFieldValue('supplierId', s._id);
          }}
        />
      )}
    </Modal>
  );
}
