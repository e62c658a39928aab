import { Anchor, Code, Divider, List, Text, Title } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';

/*
 * A small Markdown subset rendered as React elements (decision 165): paragraphs, line breaks,
 * `#`–`###` headings, `-`/`*` and `1.` lists, `---` breaks, **bold**, *italic*, `code` and [links](https://…).
 * Nothing is parsed as HTML and no markup is injected (no `dangerouslySetInnerHTML`): React
 * escapes every piece of text, and links keep only http(s) and mailto addresses, so a stored
 * `<script>` or `javascript:` URL shows as text (OWASP XSS prevention, rule "output encoding").
 * A backslash before ASCII punctuation makes it literal (CommonMark 0.31 §2.4 "Backslash escapes"):
 * the proposals' merged values arrive escaped that way (decision 171), so `RD\$60\,000` reads
 * "RD$60,000" and a client named `*Top*` stays plain text.
 */

/** `\X` (X ASCII punctuation) → a private-use character standing for X, so no rule matches it. */
const ESCAPED = /\\([!-/:-@[-`{-~])/g;
const PRIVATE_BASE = 0xe000;
const hideEscapes = (text: string) =>
  text.replace(ESCAPED, (_, c: string) => String.fromCharCode(PRIVATE_BASE + c.charCodeAt(0)));
/** The stand-ins back to the literal characters. */
const restore = (text: string) =>
  text.replace(/[\ue021-\ue07e]/g, (c) => String.fromCharCode(c.charCodeAt(0) - PRIVATE_BASE));

const INLINE = /(\*\*[^*]+\*\*|`[^`]+`|\[[^\]]+\]\([^)\s]+\)|\*[^*\s][^*]*\*|_[^_\s][^_]*_)/g;
const SAFE_URL = /^(https?:\/\/|mailto:)/i;

/** Inline marks of one line of text. */
function inline(text: string, keyPrefix: string): ReactNode[] {
  return text.split(INLINE).map((part, index) => {
    const key = `${keyPrefix}-${index}`;
    if (part.startsWith('**') && part.endsWith('**') && part.length > 4)
      return <strong key={key}>{restore(part.slice(2, -2))}</strong>;
    if (part.startsWith('`') && part.endsWith('`') && part.length > 2)
      return <Code key={key}>{restore(part.slice(1, -1))}</Code>;
    const link = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(part);
    if (link?.[1] && link[2]) {
      const href = restore(link[2]);
      if (!SAFE_URL.test(href)) return <Fragment key={key}>{restore(link[1])}</Fragment>;
      return (
        <Anchor key={key} href={href} target="_blank" rel="noopener noreferrer" underline="always">
          {restore(link[1])}
        </Anchor>
      );
    }
    if ((part.startsWith('*') || part.startsWith('_')) && part.length > 2 && part.at(-1) === part[0]) {
      return <em key={key}>{restore(part.slice(1, -1))}</em>;
    }
    return <Fragment key={key}>{restore(part)}</Fragment>;
  });
}

/** Lines joined with `<br>`. */
function lines(block: string[], keyPrefix: string): ReactNode[] {
  return block.flatMap((line, index) => [
    // biome-ignore lint/suspicious/noArrayIndexKey: static text, rebuilt whole when it changes
    ...(index > 0 ? [<br key={`${keyPrefix}-br-${index}`} />] : []),
    ...inline(line, `${keyPrefix}-${index}`),
  ]);
}

/** Renders `source` (Markdown, already sanitised by the server) safely; `empty` when blank. */
export function MarkdownText({ source, empty = 'Sin descripción.' }: { source: string; empty?: string }) {
  if (!source.trim()) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  const blocks = hideEscapes(source.replace(/\r\n?/g, '\n')).split(/\n{2,}/);
  return (
    <div data-markdown>
      {blocks.map((block, index) => {
        const key = `b${index}`;
        const rows = block.split('\n').filter((row) => row.trim() !== '');
        // A thematic break (`---`), as the proposals' PDF prints it (decision 171).
        if (rows.length === 1 && /^\s*-{3,}\s*$/.test(rows[0] ?? '')) return <Divider key={key} my="sm" />;
        const heading = /^(#{1,3})\s+(.*)$/.exec(rows[0] ?? '');
        if (heading && rows.length === 1) {
          const order = Math.min(6, (heading[1]?.length ?? 1) + 3) as 4 | 5 | 6;
          return (
            <Title key={key} order={order} mb="xs">
              {inline(heading[2] ?? '', key)}
            </Title>
          );
        }
        if (rows.length > 0 && rows.every((row) => /^\s*[-*]\s+/.test(row))) {
          return (
            <List key={key} size="sm" mb="xs">
              {rows.map((row, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: static text, rebuilt whole when it changes
                <List.Item key={`${key}-${i}`}>
                  {inline(row.replace(/^\s*[-*]\s+/, ''), `${key}-${i}`)}
                </List.Item>
              ))}
            </List>
          );
        }
        if (rows.length > 0 && rows.every((row) => /^\s*\d+[.)]\s+/.test(row))) {
          return (
            <List key={key} type="ordered" size="sm" mb="xs">
              {rows.map((row, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: static text, rebuilt whole when it changes
                <List.Item key={`${key}-${i}`}>
                  {inline(row.replace(/^\s*\d+[.)]\s+/, ''), `${key}-${i}`)}
                </List.Item>
              ))}
            </List>
          );
        }
        return (
          <Text key={key} size="sm" mb="xs" style={{ overflowWrap: 'anywhere' }}>
            {lines(rows, key)}
          </Text>
        );
      })}
    </div>
  );
}
