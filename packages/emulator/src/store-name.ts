/** What a store name must match: a DNS label of lowercase letters, digits and inner hyphens. */
export const STORE_NAME_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
