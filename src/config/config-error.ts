/** A setting that stops start-up; its message is the one line the operator sees. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}
