import { unknownMergeFields } from '@agencia/shared';
import { Alert, Group, Paper, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useRef } from 'react';
import { MarkdownText } from '../../../components/ui/markdown-text';
import { MergeFieldPicker } from './merge-field-picker';
import { MERGE_FIELD_OPTIONS, previewMerge } from './merge-preview';

/**
 * The Markdown body of a template or a document (decision 173): the text, "Insertar campo" (the
 * merge-field picker) and a live preview beside it (below it on phones) with `values` filled in.
 * Unknown `{{fields}}` are named in a warning, as the server would leave them as typed.
 */
export function BodyEditor({
  value,
  onChange,
  values,
  error,
  disabled,
}: {
  value: string;
  onChange: (next: string) => void;
  values: Partial<Record<string, string>>;
  error?: string;
  disabled?: boolean;
}) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const unknown = unknownMergeFields(value);
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-end">
        <Text fw={500} size="sm" component="label" htmlFor="document-body">
          Contenido (Markdown)
        </Text>
        <MergeFieldPicker
          fields={MERGE_FIELD_OPTIONS}
          textareaRef={ref}
          value={value}
          onChange={onChange}
          disabled={disabled}
        />
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Textarea
          id="document-body"
          ref={ref}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          autosize
          minRows={12}
          maxRows={30}
          error={error}
          disabled={disabled}
          description="# Título, **negrita**, *cursiva*, listas con «-». Los campos van entre {{ }}."
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
        />
        <Paper withBorder p="md" radius="sm" aria-label="Vista previa" component="section">
          <Text size="xs" c="dimmed" mb="xs">
            Vista previa
          </Text>
          <MarkdownText source={previewMerge(value, values)} empty="Escribe el contenido para verlo aquí." />
        </Paper>
      </SimpleGrid>
      {unknown.length > 0 && (
        <Alert color="yellow" variant="light">
          Campos desconocidos (se dejarán tal cual): {unknown.map((f) => `{{${f}}}`).join(', ')}
        </Alert>
      )}
    </Stack>
  );
}
