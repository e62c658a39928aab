import { extractText } from 'unpdf';

/** The text of every page of a PDF, joined, runs of whitespace as one space (unpdf / PDF.js): what a reader sees. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(new Uint8Array(bytes), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}
