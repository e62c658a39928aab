import { fireEvent } from '@testing-library/react';
import { vi } from 'vitest';

// File helpers of the web tests: picking a file, reading a multipart body, catching a download.

/** Picks `file` in the (hidden) file input inside `container`, as the file dialog does. */
export function pickFile(container: HTMLElement, file: File) {
  const input = container.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
}

/**
 * The parts of a multipart body: name → the file's name or the field's value. Read from the raw
 * text: Node's `Request.formData()` refuses the File jsdom's XMLHttpRequest encoded.
 */
export function multipartParts(contentType: string, body: string): Record<string, string> {
  const boundary = /boundary=(.+)$/.exec(contentType)?.[1] ?? '';
  const parts: Record<string, string> = {};
  for (const chunk of body.split(`--${boundary}`)) {
    const name = /name="([^"]+)"/.exec(chunk)?.[1];
    if (!name) continue;
    const filename = /filename="([^"]+)"/.exec(chunk)?.[1];
    parts[name] = filename ?? chunk.split('\r\n\r\n')[1]?.replace(/\r\n$/, '') ?? '';
  }
  return parts;
}

/** Stubs downloads: the blobs handed to `URL.createObjectURL` and the names of the clicked links. */
export function captureDownloads() {
  const names: string[] = [];
  const blobs: Blob[] = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob);
    return 'blob:x';
  }) as typeof URL.createObjectURL;
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return { names, blobs };
}

/** A blob's text (jsdom's Blob has no `text()`). */
export function readText(blob: Blob) {
  return new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}
