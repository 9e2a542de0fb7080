export { CodegenError, type CodegenErrorCode } from './errors.js';
export { DEFAULT_SCALARS, PRESET_DEFAULT_CONFIG, preset } from './preset.js';
export { plugin, type SdkPluginConfig, validate } from './sdk-plugin/index.js';
