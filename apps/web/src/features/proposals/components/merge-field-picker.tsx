import { Button, Menu } from '@mantine/core';
import { IconBraces, IconChevronDown } from '@tabler/icons-react';
import type { RefObject } from 'react';

/** One merge field the template may use: `key` as written between braces, `label` in Spanish. */
export interface MergeFieldOption {
  key: string;
  label: string;
}

/**
 * Inserts `{{key}}` into `text` at the caret (`start`–`end`, replacing a selection); returns the
 * new text and the caret position just after the inserted field.
 */
export function insertMergeField(
  text: string,
  key: string,
  start: number,
  end: number,
): { text: string; caret: number } {
  const token = `{{${key}}}`;
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  return { text: text.slice(0, from) + token + text.slice(to), caret: from + token.length };
}

/**
 * "Insertar campo" (decision 173): a menu of the merge fields; choosing one writes `{{key}}` where
 * the caret was in the body's textarea (at the end when it never had focus) and puts the caret
 * back after it, so typing continues there. Keyboard: the menu opens with Enter/Space and its
 * items move with the arrows (Mantine Menu).
 */
export function MergeFieldPicker({
  fields,
  textareaRef,
  value,
  onChange,
  disabled,
}: {
  fields: readonly MergeFieldOption[];
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  value: string;
  onChange: (next: string) => void;
  disabled?: boolean;
}) {
  const choose = (key: string) => {
    const area = textareaRef.current;
    const start = area?.selectionStart ?? value.length;
    const end = area?.selectionEnd ?? value.length;
    const next = insertMergeField(value, key, start, end);
    onChange(next.text);
    // After React wrote the new value: the caret goes right after the field.
    requestAnimationFrame(() => {
      if (!area) return;
      area.focus();
      area.setSelectionRange(next.caret, next.caret);
    });
  };
  return (
    <Menu shadow="md" position="bottom-start" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconBraces size={14} />}
          rightSection={<IconChevronDown size={14} />}
          disabled={disabled}
        >
          Insertar campo
        </Button>
      </Menu.Target>
      <Menu.Dropdown mah={320} style={{ overflowY: 'auto' }}>
        {fields.map((field) => (
          <Menu.Item key={field.key} onClick={() => choose(field.key)}>
            {field.label}{' '}
            <code style={{ fontSize: 'var(--mantine-font-size-xs)' }}>{`{{${field.key}}}`}</code>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
