import { describe, expect, it } from 'vitest';
import { escapeMarkdown, mergeTemplate, parseMarkdown } from './proposals.merge.js';

describe('template merge (decision 171)', () => {
  it('escapes every Markdown and HTML character of a value and keeps it on one line', () => {
    expect(escapeMarkdown('# **Ana**\n- <script>')).toBe('\\# \\*\\*Ana\\*\\* \\- \\<script\\>');
  });

  it('fills known fields, prints — for a known field without value and leaves unknown ones', () => {
    expect(
      mergeTemplate('{{ cliente.nombre }} {{cliente.rnc}} {{otro}}', { 'cliente.nombre': 'Café Cibao' }),
    ).toBe('Café Cibao — {{otro}}');
  });

  it('never merges twice: a value holding {{…}} stays literal', () => {
    expect(mergeTemplate('{{cliente.nombre}}', { 'cliente.nombre': '{{total}}', total: '5' })).toBe(
      '\\{\\{total\\}\\}',
    );
  });

  it('prints an injected value as text: no heading, list or bold comes out of it', () => {
    const merged = mergeTemplate('Para {{cliente.nombre}}', { 'cliente.nombre': '**X**\n# Título\n- item' });
    const blocks = parseMarkdown(merged);
    expect(blocks).toEqual([
      { type: 'paragraph', runs: [{ text: 'Para **X** # Título - item', bold: false }] },
    ]);
    expect(parseMarkdown('# Hola **mundo**\n\n- uno\n1. dos\n---')).toEqual([
      {
        type: 'heading',
        level: 1,
        runs: [
          { text: 'Hola ', bold: false },
          { text: 'mundo', bold: true },
        ],
      },
      { type: 'bullet', runs: [{ text: 'uno', bold: false }] },
      { type: 'ordered', number: 1, runs: [{ text: 'dos', bold: false }] },
      { type: 'rule' },
    ]);
  });
});
