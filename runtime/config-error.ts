/** A setting that stops start-up: its message names the variable and what is wrong with it. */
export class ConfigError extends Error {
  name = 'ConfigError'
}
