import { basename } from 'node:path';
import { type CodegenSettings, codegenSettings, kitConfig } from '../core/codegen-settings.js';
import { outputConfig, type ResolvedCodegenOptions } from '../define-config.js';

/** What `admin-api codegen` runs one config with. */
export interface RunnerSettings extends CodegenSettings {
  /** The config file's name, for messages (`codegen.ts`, or what `--config` named). */
  readonly configName: string;
  /** The `config` keys the kit reads (`scalars` among them), as given: what a build depends on. */
  readonly read: Readonly<Record<string, unknown>>;
}

/** The core's {@link codegenSettings} for the config's output, and the config file's name. */
export function runnerSettings(
  options: ResolvedCodegenOptions,
  configFile: string,
): RunnerSettings {
  const config = outputConfig(options);
  return { ...codegenSettings(config), configName: basename(configFile), read: kitConfig(config) };
}
