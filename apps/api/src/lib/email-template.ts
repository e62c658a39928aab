/**
 * The one e-mail template module (issue 15): escaping, a safe-HTML fragment type, and the layout
 * every message of the portal uses. A message is written once, as fragments; the layout renders
 * it twice — HTML for mail clients and plain text for the `text` part (and for clients that show
 * no HTML) — so the two versions cannot drift apart.
 */

/** Escapes text for HTML element content and attribute values (`& < > " '`). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A piece of a message already in both forms: `html` is safe markup, `text` its plain reading. */
export class Fragment {
  constructor(
    readonly html: string,
    readonly text: string,
  ) {}
}

type Part = Fragment | string | number;

const htmlOf = (part: Part) => (part instanceof Fragment ? part.html : escapeHtml(String(part)));
const textOf = (part: Part) => (part instanceof Fragment ? part.text : String(part));

/**
 * Tagged template for one paragraph or phrase: interpolated strings are escaped, fragments
 * (`strong`, `link`) are kept. `line\`Adjuntamos la factura ${strong(number)}.\``.
 */
export function line(strings: TemplateStringsArray, ...parts: Part[]): Fragment {
  let html = strings[0]!;
  let text = strings[0]!;
  parts.forEach((part, i) => {
    html += htmlOf(part) + strings[i + 1]!;
    text += textOf(part) + strings[i + 1]!;
  });
  return new Fragment(html, text);
}

/** Bold text (`<strong>`; plain in the text part). */
export function strong(value: string): Fragment {
  return new Fragment(`<strong>${escapeHtml(value)}</strong>`, value);
}

/** A link: the label in HTML, "label: url" in the text part. Only http(s) URLs are accepted. */
export function link(label: string, url: string): Fragment {
  if (!/^https?:\/\//.test(url)) throw new Error(`email link must be http(s): ${url}`);
  return new Fragment(`<a href="${escapeHtml(url)}">${escapeHtml(label)}</a>`, `${label}: ${url}`);
}

/** The parts of one message; each paragraph is plain text or a `line` fragment. */
export interface EmailBody {
  /** Opening line, e.g. "Hola Ana,". */
  greeting: string;
  paragraphs: Part[];
  /** Closing lines (e.g. "Gracias por su preferencia.", the company name), one per line. */
  signature: string[];
}

/** `text` and `html` of an e-mail, ready for `queueEmail`. */
export interface RenderedEmail {
  text: string;
  html: string;
}

/**
 * Renders a message into the portal's layout: a plain, single-column HTML body (inline styles
 * only, as mail clients strip `<style>`), and the same words as plain text with blank lines
 * between paragraphs.
 */
export function renderEmail(body: EmailBody): RenderedEmail {
  const paragraph = (inner: string) => `<p style="margin:0 0 16px">${inner}</p>`;
  const html = [
    '<div style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1a1b1e;max-width:600px">',
    paragraph(escapeHtml(body.greeting)),
    ...body.paragraphs.map((p) => paragraph(htmlOf(p))),
    body.signature.length > 0 ? paragraph(body.signature.map(escapeHtml).join('<br>')) : '',
    '</div>',
  ].join('');
  const blocks = [body.greeting, ...body.paragraphs.map(textOf)];
  if (body.signature.length > 0) blocks.push(body.signature.join('\n'));
  const text = `${blocks.join('\n\n')}\n`;
  return { text, html };
}
