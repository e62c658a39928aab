import { MERGE_FIELD_RE, MERGE_FIELDS, type MergeField } from '@agencia/shared';

/*
 * Template merge and the small Markdown subset the PDF prints (decision 171). Values are escaped
 * before they enter the Markdown: every ASCII punctuation character gets a backslash (CommonMark
 * §2.4: any ASCII punctuation may be backslash-escaped) and line breaks become spaces, so a name
 * like "**Ana** <b>" or "# Hack" prints literally and can never start a heading, a list, a link,
 * emphasis or HTML, in the PDF or in a Markdown renderer on the web.
 */

/** A value as literal Markdown text: ASCII punctuation backslash-escaped, line breaks as spaces. */
export function escapeMarkdown(value: string): string {
  return value.replace(/\r\n|\r|\n/g, ' ').replace(/[!-/:-@[-`{-~]/g, (c) => `\\${c}`);
}

/**
 * Fills `{{field}}` of `body` with `values` (escaped by {@link escapeMarkdown}); a known field
 * without a value prints as "—"; unknown fields stay as typed. One pass: a value holding
 * `{{x}}` is never merged again.
 */
export function mergeTemplate(body: string, values: Partial<Record<MergeField, string | null>>): string {
  return body.replace(MERGE_FIELD_RE, (whole, name: string) => {
    if (!(name in MERGE_FIELDS)) return whole;
    const value = values[name as MergeField];
    return value == null || value === '' ? '—' : escapeMarkdown(value);
  });
}

/** A run of inline text: bold or not. Backslash escapes already resolved. */
export interface InlineRun {
  text: string;
  bold: boolean;
}

/** One block of the Markdown subset the PDF prints. */
export type MarkdownBlock =
  | { type: 'heading'; level: 1 | 2 | 3; runs: InlineRun[] }
  | { type: 'paragraph'; runs: InlineRun[] }
  | { type: 'bullet'; runs: InlineRun[] }
  | { type: 'ordered'; number: number; runs: InlineRun[] }
  | { type: 'rule' };

/** Inline text → runs: `\X` is a literal X, `**` toggles bold; nothing else is special. */
export function parseInline(text: string): InlineRun[] {
  const runs: InlineRun[] = [];
  let bold = false;
  let current = '';
  const flush = () => {
    if (current) runs.push({ text: current, bold });
    current = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\' && i + 1 < text.length && /[!-/:-@[-`{-~]/.test(text[i + 1]!)) {
      current += text[i + 1];
      i++;
    } else if (c === '*' && text[i + 1] === '*') {
      flush();
      bold = !bold;
      i++;
    } else current += c;
  }
  flush();
  return runs;
}

/**
 * The blocks of a Markdown body: `#`/`##`/`###` headings, `-`/`*` bullets, `1.` numbered items,
 * `---` rules, paragraphs (consecutive lines joined by a space, blank lines separate). An
 * escaped marker (`\#`, `\-`) is text.
 */
export function parseMarkdown(body: string): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ type: 'paragraph', runs: parseInline(paragraph.join(' ')) });
    paragraph = [];
  };
  for (const raw of body.split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    if (!line) {
      flush();
      continue;
    }
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    const bullet = /^[-*]\s+(.*)$/.exec(line);
    const ordered = /^(\d{1,3})\.\s+(.*)$/.exec(line);
    if (/^(-{3,}|\*{3,})$/.test(line)) {
      flush();
      blocks.push({ type: 'rule' });
    } else if (heading) {
      flush();
      blocks.push({
        type: 'heading',
        level: heading[1]!.length as 1 | 2 | 3,
        runs: parseInline(heading[2]!),
      });
    } else if (bullet) {
      flush();
      blocks.push({ type: 'bullet', runs: parseInline(bullet[1]!) });
    } else if (ordered) {
      flush();
      blocks.push({ type: 'ordered', number: Number(ordered[1]), runs: parseInline(ordered[2]!) });
    } else paragraph.push(line);
  }
  flush();
  return blocks;
}
