import { basename } from 'node:path';
import { type CodegenSettings, codegenSettings } from '../core/codegen-settings.js';
import { outputConfig, type ResolvedCodegenOptions } from '../define-config.js';

/** What `admin-api codegen` runs one config with. */
export interface RunnerSettings extends CodegenSettings {
  /** The config file's name, for messages (`codegen.ts`, or what `--config` named). */
  readonly configName: string;
}

/** The core's {@link codegenSettings} for the config's output, and the config file's name. */
export function runnerSettings(
  options: ResolvedCodegenOptions,
  configFile: string,
): RunnerSettings {
  return { ...codegenSettings(outputConfig(options)), configName: basename(configFile) };
}
