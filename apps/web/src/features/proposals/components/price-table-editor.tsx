import {
  CURRENCIES,
  type DocumentItem,
  type DocumentItemInput,
  formatMoney,
  SERVICE_IDS,
  SERVICE_TITLES,
  type ServiceId,
} from '@agencia/shared';
import {
  ActionIcon,
  Button,
  Grid,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';

/** One line while typed: numbers may be strings mid-edit; `key` for React. */
export interface ItemRow {
  key: string;
  serviceId: ServiceId | null;
  description: string;
  quantity: number | string;
  unitPrice: number | string;
  milestone: string;
}

const num = (v: number | string) => (typeof v === 'number' ? v : Number.parseFloat(v) || 0);
const newKey = () => Math.random().toString(36).slice(2);

/** Rows from stored lines. */
export const rowsOf = (items: DocumentItem[]): ItemRow[] =>
  items.map((item) => ({
    key: newKey(),
    serviceId: item.serviceId,
    description: item.description,
    quantity: item.quantity,
    unitPrice: item.unitPrice,
    milestone: item.milestone ?? '',
  }));

/** The request lines of `rows`, all in `currency`. */
export const itemsOf = (rows: ItemRow[], currency: DocumentItem['currency']): DocumentItemInput[] =>
  rows.map((row) => ({
    description: row.description,
    serviceId: row.serviceId,
    quantity: num(row.quantity),
    unitPrice: num(row.unitPrice),
    currency,
    milestone: row.milestone.trim() || null,
  }));

/** Sum of quantity × price in centavos, back to major units (no float drift). */
export const rowsTotal = (rows: ItemRow[]) =>
  rows.reduce((sum, row) => sum + Math.round(num(row.quantity) * num(row.unitPrice) * 100), 0) / 100;

const SERVICE_OPTIONS = SERVICE_IDS.map((id) => ({ value: id, label: SERVICE_TITLES[id] }));

/**
 * The price table editor (decision 173): each line may come from the services catalogue (the
 * landing's and the quote form's `SERVICE_IDS`; choosing one fills an empty description with its
 * title) or be typed; quantity, unit price and an optional milestone name (what the line becomes
 * when the proposal turns into a project). One currency for the whole table.
 */
export function PriceTableEditor({
  rows,
  onChange,
  currency,
  onCurrencyChange,
  errors,
  disabled,
}: {
  rows: ItemRow[];
  onChange: (rows: ItemRow[]) => void;
  currency: DocumentItem['currency'];
  onCurrencyChange: (currency: DocumentItem['currency']) => void;
  errors?: Record<string, string>;
  disabled?: boolean;
}) {
  const update = (key: string, patch: Partial<ItemRow>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Text fw={500} size="sm">
          Tabla de precios
        </Text>
        <Select
          label="Moneda"
          data={CURRENCIES.map((c) => ({ value: c, label: c }))}
          value={currency}
          onChange={(value) => value && onCurrencyChange(value as DocumentItem['currency'])}
          allowDeselect={false}
          w={110}
          disabled={disabled}
        />
      </Group>
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          Sin líneas de precio.
        </Text>
      )}
      {rows.map((row, index) => (
        <Paper key={row.key} withBorder p="sm" radius="sm">
          <Grid gap="xs" align="flex-end">
            <Grid.Col span={{ base: 10, md: 3 }}>
              <Select
                label={`Servicio del catálogo (línea ${index + 1})`}
                placeholder="Línea libre"
                data={SERVICE_OPTIONS}
                value={row.serviceId}
                clearable
                searchable
                disabled={disabled}
                onChange={(value) =>
                  update(row.key, {
                    serviceId: (value as ServiceId | null) ?? null,
                    ...(value && !row.description.trim()
                      ? { description: SERVICE_TITLES[value as ServiceId] }
                      : {}),
                  })
                }
              />
            </Grid.Col>
            <Grid.Col span={{ base: 2, md: 1 }} order={{ base: 2, md: 6 }}>
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                mb={2}
                aria-label={`Quitar línea ${index + 1}`}
                disabled={disabled}
                onClick={() => onChange(rows.filter((r) => r.key !== row.key))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 3 }} order={{ base: 3, md: 2 }}>
              <TextInput
                label="Descripción"
                value={row.description}
                required
                disabled={disabled}
                error={errors?.[`items.${index}.description`]}
                onChange={(e) => update(row.key, { description: e.currentTarget.value })}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 4, md: 1 }} order={{ base: 4, md: 3 }}>
              <NumberInput
                label="Cantidad"
                min={0}
                decimalScale={2}
                hideControls
                value={row.quantity}
                disabled={disabled}
                error={errors?.[`items.${index}.quantity`]}
                onChange={(value) => update(row.key, { quantity: value })}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 8, md: 2 }} order={{ base: 5, md: 4 }}>
              <NumberInput
                label="Precio unitario"
                min={0}
                decimalScale={2}
                thousandSeparator=","
                hideControls
                value={row.unitPrice}
                disabled={disabled}
                error={errors?.[`items.${index}.unitPrice`]}
                onChange={(value) => update(row.key, { unitPrice: value })}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 2 }} order={{ base: 6, md: 5 }}>
              <TextInput
                label="Hito (opcional)"
                value={row.milestone}
                disabled={disabled}
                onChange={(e) => update(row.key, { milestone: e.currentTarget.value })}
              />
            </Grid.Col>
          </Grid>
        </Paper>
      ))}
      <Group justify="space-between">
        <Button
          variant="default"
          size="xs"
          leftSection={<IconPlus size={14} />}
          disabled={disabled}
          onClick={() =>
            onChange([
              ...rows,
              { key: newKey(), serviceId: null, description: '', quantity: 1, unitPrice: 0, milestone: '' },
            ])
          }
        >
          Agregar línea
        </Button>
        <Text fw={700} data-testid="price-table-total">
          Total: {formatMoney(rowsTotal(rows), currency)}
        </Text>
      </Group>
    </Stack>
  );
}
