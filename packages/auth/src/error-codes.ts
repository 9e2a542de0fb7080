/**
 * Every `code` an error of the kit carries. One scheme for all packages: the same condition has
 * the same code wherever it is detected, so one `switch (error.code)` handles them all.
 */
export type AdminApiErrorCode =
  // Caller mistakes, found before anything is sent (ConfigurationError).
  /** Required `ADMIN_API_*` environment variables are missing or empty; `missing` names them. */
  | 'MISSING_ENV'
  /** An option is missing or malformed; the message names it and the accepted values. */
  | 'INVALID_OPTION'
  /** A credential would travel over plain `http://` to a host that is not loopback. */
  | 'INSECURE_URL'
  /** A client secret was given to code running in a browser. */
  | 'INSECURE_ENVIRONMENT'
  /** A GraphQL document that cannot be sent: a syntax error, no operation, or several and no `operationName`. */
  | 'INVALID_DOCUMENT'
  /** Variables that cannot be serialised to JSON (a BigInt, a cycle). */
  | 'INVALID_VARIABLES'
  // What a server answered.
  /** The token endpoint answered with an RFC 6749 §5.2 error (`error` says which, e.g. `invalid_client`). */
  | 'OAUTH_ERROR'
  /** A non-2xx answer that carries no more specific meaning. */
  | 'HTTP_ERROR'
  /** A 2xx answer that is not what the protocol promises (not JSON, no `data`, a malformed token). */
  | 'INVALID_RESPONSE'
  /** A redirect from a host the kit never follows redirects from; the message names the location. */
  | 'REDIRECT_REFUSED'
  /** The GraphQL answer carried `errors`. */
  | 'GRAPHQL_ERROR'
  /** HTTP 429 beyond the retry budget, or a wait longer than the client accepts. */
  | 'RATE_LIMITED'
  /** The client's error budget refused a call without sending it; `rule` says which, `retryAfterMs` for how long. */
  | 'ERROR_BUDGET_EXCEEDED'
  /** The API refused a freshly issued token. */
  | 'UNAUTHENTICATED'
  /** No access token could be had; `cause` is the TokenRequestError. */
  | 'TOKEN_REQUEST_FAILED'
  // Apps installed on many stores.
  /** A store name that is not the platform's form (lower-case letters, digits, hyphens). */
  | 'INVALID_STORE_NAME'
  /** An install callback whose `state` the app never issued (or forgot after it expired). */
  | 'INSTALL_STATE_UNKNOWN'
  /** An install callback whose `state` was used before: a replayed or double-submitted callback. */
  | 'INSTALL_STATE_REUSED'
  /** An install callback whose `state` is older than its lifetime: start the install again. */
  | 'INSTALL_STATE_EXPIRED'
  /** An install callback for another store than the one its `state` was issued for. */
  | 'INSTALL_STATE_WRONG_STORE'
  /** The merchant cancelled the install (`error=access_denied`), or the callback carries no code. */
  | 'INSTALL_CANCELLED'
  /** An install callback or launch URL without a parameter it must have, or with a malformed one. */
  | 'INVALID_CALLBACK'
  /** A launch whose signature does not match: not sent by the store, or altered. */
  | 'LAUNCH_SIGNATURE_INVALID'
  /** A launch whose timestamp is older than its 120 s window, or more than 30 s in the future. */
  | 'LAUNCH_OUTSIDE_WINDOW'
  /** The app is not installed on the store: no session for it. */
  | 'STORE_NOT_INSTALLED'
  /** The store's refresh token was refused: the merchant must install the app again. */
  | 'STORE_NEEDS_REINSTALL'
  // Webhooks.
  /** A webhook body whose signature does not match its `data`: not sent by the service, or altered. */
  | 'WEBHOOK_SIGNATURE_INVALID'
  /** A webhook body that is not the delivery's documented shape (JSON with string `id`, `scope`, `data`, `signature`). */
  | 'WEBHOOK_BODY_INVALID'
  /** A webhook body over the size cap (1 MiB); nothing of it was parsed. */
  | 'WEBHOOK_BODY_TOO_LARGE'
  /** A correctly signed webhook whose `data` is not a JSON object. */
  | 'WEBHOOK_DATA_INVALID'
  /** A correctly signed webhook of a scope the kit does not know (the service added one). */
  | 'WEBHOOK_SCOPE_UNKNOWN'
  /** A scope that `saveWebhook` does not register or `reconcile` cannot list; the message names the ones it can. */
  | 'WEBHOOK_SCOPE_UNSUPPORTED'
  // Transport.
  /** No HTTP answer: refused, reset or dropped connection, DNS failure. */
  | 'NETWORK_ERROR'
  /** No answer within the time budget. */
  | 'TIMEOUT'
  /** The caller's AbortSignal fired. */
  | 'ABORTED'
  // Code generation.
  /** An operation has no name, so it cannot become an SDK method. */
  | 'ANONYMOUS_OPERATION'
  /** Two operations map to one SDK method name. */
  | 'DUPLICATE_METHOD'
  /** Two operations have the same name. */
  | 'DUPLICATE_OPERATION'
  /** An operation whose SDK method would change what the SDK object is (`then` makes it a thenable). */
  | 'RESERVED_METHOD_NAME'
  /** A definition nests selection sets deeper than the generator's limit (`MAX_SELECTION_DEPTH`), counting the fragments it spreads. */
  | 'DOCUMENT_TOO_DEEP'
  /** Fragments that merge into more work than the generator's budget for a module (`MAX_MERGE_WORK`): exponentially many combinations. */
  | 'DOCUMENT_TOO_COMPLEX'
  /** A document file over the size codegen reads GraphQL from (1 MiB); nothing of it was parsed. */
  | 'DOCUMENT_FILE_TOO_LARGE'
  /** A document does not parse or does not validate against the schema. */
  | 'DOCUMENT_ERROR'
  /** The document globs match no file, or the files hold no operation. */
  | 'NO_DOCUMENTS'
  /** The codegen config cannot be found or loaded, or does not come from `defineConfig`. */
  | 'INVALID_CONFIG'
  /** The generated module cannot be written. */
  | 'WRITE_FAILED'
  /** A package a command needs is not installed (e.g. `@parcel/watcher` for `graphql-codegen --watch`). */
  | 'MISSING_DEPENDENCY'
  /** Introspection failed (HTTP, GraphQL errors, unreadable answer). */
  | 'INTROSPECTION_FAILED'
  /** The schema cache exists but cannot be used (unreadable, empty, truncated). */
  | 'INVALID_CACHE';
