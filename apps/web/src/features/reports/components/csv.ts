/** One CSV cell: quoted when it holds a separator, quote or line break; formulas neutralised (CWE-1236). */
function cell(value: unknown): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(s) && Number.isNaN(Number(s))) s = `'${s}`;
  return /[",;\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Builds CSV text from sections of rows (a title line, a header and rows per section). */
export function toCsv(sections: Array<{ title?: string; header: string[]; rows: unknown[][] }>): string {
  const lines: string[] = [];
  for (const section of sections) {
    if (section.title) lines.push(cell(section.title));
    lines.push(section.header.map(cell).join(','));
    for (const row of section.rows) lines.push(row.map(cell).join(','));
    lines.push('');
  }
  return lines.join('\r\n');
}

/** Downloads text as a UTF-8 CSV file (with BOM so spreadsheet apps read the accents). */
export function downloadCsv(filename: string, csv: string): void {
  const blob = new Blob(['\ufeff', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
