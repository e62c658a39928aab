import { fromCents } from '@agencia/shared';
import {
  ActionIcon,
  Button,
  Checkbox,
  Divider,
  Grid,
  Group,
  NumberInput,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { formatMoney } from './format';

/** One line of the invoice/quote form (inputs keep what the user typed: numbers or strings). */
export interface ItemValues {
  key: string;
  description: string;
  details: string;
  quantity: number | string;
  unitPrice: number | string;
  taxExempt: boolean;
}

/** An empty line with a fresh React key. */
export const newItem = (): ItemValues => ({
  key: Math.random().toString(36).slice(2),
  description: '',
  details: '',
  quantity: 1,
  unitPrice: 0,
  taxExempt: false,
});

/** A typed number input's value as a number (empty or invalid → 0). */
export const num = (v: number | string) => (typeof v === 'number' ? v : Number.parseFloat(v) || 0);

/** RD$ for pesos, US$ for dollars (the symbols the PDF and the lists print). */
export function currencySymbol(currency: string): string {
  return currency === 'USD' ? 'US$' : 'RD$';
}

/** One line of the totals preview: label left, amount right (never wrapped). */
export function TotalRow(props: {
  label: string;
  cents: number;
  currency: string;
  minus?: boolean;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" data-total-row>
      <Text c={props.strong ? undefined : 'dimmed'} fw={props.strong ? 700 : undefined}>
        {props.label}
      </Text>
      <Text fw={props.strong ? 700 : undefined} data-testid={props.testId} style={{ whiteSpace: 'nowrap' }}>
        {props.minus ? '− ' : ''}
        {formatMoney(fromCents(props.cents), props.currency)}
      </Text>
    </Group>
  );
}

/**
 * The line-item editor of the invoice and quote forms (decision 114): description, quantity,
 * rate, live line total (`lineTotalsCents` from the shared totals engine), details and the
 * ITBIS-exempt box, with add/remove. Works on any Mantine form whose values hold `items`.
 */
export function LineItemsEditor<T extends { items: ItemValues[] }>(props: {
  form: UseFormReturnType<T>;
  lineTotalsCents: number[];
  currency: string;
}) {
  const { form, lineTotalsCents, currency } = props;
  const items = form.getValues().items;
  return (
    <>
      <Divider label="Ítems" labelPosition="left" />
      <Stack gap="sm">
        {items.map((item, index) => (
          <Paper key={item.key} withBorder p="sm" radius="md">
            <Grid gap="xs">
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <TextInput
                  label="Descripción"
                  required
                  {...form.getInputProps(`items.${index}.description`)}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 4, sm: 2 }}>
                <NumberInput
                  label="Cantidad"
                  min={1}
                  decimalScale={4}
                  {...form.getInputProps(`items.${index}.quantity`)}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 8, sm: 3 }}>
                <NumberInput
                  label="Tarifa"
                  min={0}
                  decimalScale={2}
                  thousandSeparator=","
                  {...form.getInputProps(`items.${index}.unitPrice`)}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 3 }}>
                {/* The line total as text (a disabled input cut long amounts), with the remove button. */}
                <Group justify="space-between" align="flex-end" wrap="nowrap" gap="xs" h="100%">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text size="sm" fw={500} span>
                      Total
                    </Text>
                    <Text
                      size="sm"
                      fw={600}
                      lh="34px"
                      style={{ whiteSpace: 'nowrap' }}
                      data-testid={`invoice-line-total-${index + 1}`}
                    >
                      {formatMoney(fromCents(lineTotalsCents[index] ?? 0), currency)}
                    </Text>
                  </Stack>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    mb={1}
                    aria-label={`Quitar ítem ${index + 1}`}
                    disabled={items.length === 1}
                    onClick={() => form.removeListItem('items', index)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 9 }}>
                <TextInput
                  placeholder="Detalles (opcional)"
                  aria-label={`Detalles del ítem ${index + 1}`}
                  {...form.getInputProps(`items.${index}.details`)}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 3 }}>
                <Group h="100%" align="center">
                  <Checkbox
                    label="Exento de ITBIS"
                    aria-label={`Exento de ITBIS (ítem ${index + 1})`}
                    {...form.getInputProps(`items.${index}.taxExempt`, { type: 'checkbox' })}
                  />
                </Group>
              </Grid.Col>
            </Grid>
          </Paper>
        ))}
        {typeof form.errors.items === 'string' && (
          <Text c="red" size="sm">
            {form.errors.items}
          </Text>
        )}
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => form.insertListItem('items', newItem() as never)}
          w="fit-content"
        >
          Agregar ítem
        </Button>
      </Stack>
    </>
  );
}
