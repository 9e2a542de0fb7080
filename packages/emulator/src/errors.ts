/** Base of the emulator's errors: a stable `code`, and the `cause` when there is one. */
export class EmulatorError extends Error {
  override name = 'EmulatorError';
  readonly code: string;

  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/** An option of `startEmulator` (or a live setting) has a value the emulator cannot use. */
export class EmulatorOptionError extends EmulatorError {
  override name = 'EmulatorOptionError';

  constructor(message: string) {
    super('INVALID_OPTION', message);
  }
}
