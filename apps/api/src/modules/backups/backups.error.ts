/** A backup or restore that cannot go on, with a Spanish one-line reason for the operator. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}
