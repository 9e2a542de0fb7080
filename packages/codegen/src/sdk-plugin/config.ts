import type { RawClientSideBasePluginConfig } from '@graphql-codegen/visitor-plugin-common';

/** Options of the SDK plugin, as written in a codegen config. All optional. */
export interface SdkPluginConfig extends RawClientSideBasePluginConfig {
  /**
   * Module the generated `getSdk` imports the `AdminClient` and `RequestOptions` types from.
   * @default '@admin-api/client'
   * @example { clientModule: '@acme/admin-api-client' }
   */
  clientModule?: string;
}

/** {@link SdkPluginConfig} with the defaults filled in. */
export interface ResolvedSdkPluginConfig {
  readonly clientModule: string;
}

export function resolveSdkPluginConfig(raw: SdkPluginConfig): ResolvedSdkPluginConfig {
  return { clientModule: raw.clientModule ?? '@admin-api/client' };
}
