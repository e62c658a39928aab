import { definePolicy } from '../../lib/policy.js';

/**
 * Who may upload which image (decision 065, decision 121). An avatar always becomes the
 * uploader's own (its owner is the actor), so every signed-in role may upload one; the company
 * logo is the agency's and only admins change it. Serving avatars and logos (`GET /files/{id}`)
 * is public and not a cell.
 *
 * | action        | admin | employee | client |
 * |---------------|-------|----------|--------|
 * | upload avatar | yes   | yes      | yes    |
 * | upload logo   | yes   | no       | no     |
 */
export const uploadPolicy = definePolicy({
  uploadAvatar: { admin: true, employee: true, client: true },
  uploadLogo: { admin: true, employee: false, client: false },
});

/** An action of {@link uploadPolicy}. */
export type UploadAction = keyof typeof uploadPolicy.table;
