import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { MarkdownText } from './markdown-text';

describe('MarkdownText backslash escapes (CommonMark §2.4)', () => {
  it('shows escaped punctuation as text and never as markup', () => {
    const { container } = renderWithProviders(
      <MarkdownText
        source={'# Propuesta para \\*Top\\* SRL\n\nTotal: **RD\\$60\\,000\\.00**\n\n\\- no es lista'}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Propuesta para *Top* SRL' })).toBeTruthy();
    expect(container.querySelector('em')).toBeNull();
    expect(container.querySelector('strong')?.textContent).toBe('RD$60,000.00');
    expect(container.querySelector('ul')).toBeNull();
    expect(screen.getByText('- no es lista')).toBeTruthy();
  });

  it('keeps the marks that are not escaped, and draws a `---` break', () => {
    const { container } = renderWithProviders(<MarkdownText source={'- uno\n- *dos*\n\n---\n\nFin'} />);
    expect(container.querySelectorAll('li')).toHaveLength(2);
    expect(container.querySelector('hr, .mantine-Divider-root')).toBeTruthy();
    expect(container.textContent).not.toContain('---');
    expect(container.querySelector('em')?.textContent).toBe('dos');
  });
});
