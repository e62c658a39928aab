import { describe, expect, it } from 'vitest';
import { escapeHtml, line, link, renderEmail, strong } from './email-template.js';

describe('e-mail template', () => {
  it('escapes every interpolated text in the HTML part and keeps it plain in the text part', () => {
    const name = 'Ana <script>alert("x")</script> & Co';
    const mail = renderEmail({
      greeting: `Hola ${name},`,
      paragraphs: [line`La factura ${strong('FAC-2026-0001')} de ${name} vence el 31/12/2026.`],
      signature: ['Gracias por su preferencia.', 'Agencia "Digital" RD'],
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Ana &#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; Co');
    expect(mail.html).toContain('<strong>FAC-2026-0001</strong>');
    expect(mail.html).toContain('Gracias por su preferencia.<br>Agencia &#34;Digital&#34; RD');
    expect(mail.text).toBe(
      `Hola ${name},\n\nLa factura FAC-2026-0001 de ${name} vence el 31/12/2026.\n\nGracias por su preferencia.\nAgencia "Digital" RD\n`,
    );
  });

  it('renders links as anchors in HTML and as "label: url" in text; refuses other schemes', () => {
    const mail = renderEmail({
      greeting: 'Hola,',
      paragraphs: [line`${link('Completar mi registro', 'https://portal.example/register/a"b')}`],
      signature: [],
    });
    expect(mail.html).toContain(
      '<a href="https://portal.example/register/a&#34;b">Completar mi registro</a>',
    );
    expect(mail.text).toContain('Completar mi registro: https://portal.example/register/a"b');
    expect(() => link('x', 'javascript:alert(1)')).toThrow(/http/);
  });

  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`&<>"'`)).toBe('&#38;&#60;&#62;&#34;&#39;');
  });
});

describe('e-mail template without signature', () => {
  it('ends after the last paragraph', () => {
    const mail = renderEmail({ greeting: 'Hola,', paragraphs: ['Uno.'], signature: [] });
    expect(mail.text).toBe('Hola,\n\nUno.\n');
    expect(mail.html.match(/<p /g)).toHaveLength(2);
  });
});
