import type sharpType from 'sharp';

/**
 * sharp (libvips), loaded on first use: its native binding costs ~80 ms of every start-up and
 * only image uploads and PDFs with images need it (decision 175).
 */
export async function loadSharp(): Promise<typeof sharpType> {
  return (await import('sharp')).default;
}
