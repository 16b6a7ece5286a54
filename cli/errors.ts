/**
 * A failure the user can act on: printed as one line (`xads: <message>`)
 * and exited with `exitCode` (2 unless a command documents otherwise,
 * e.g. `xads drift` uses 1 for "drift found").
 */
export class CliError extends Error {
  constructor(message: string, readonly exitCode = 2) {
    super(message);
    this.name = "CliError";
  }
}
