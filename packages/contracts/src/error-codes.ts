/** The `error.code` of every API error answer (ErrorBody in common.ts). */
export const ERROR_CODES = {
  validation: 'validation_failed',
  unauthenticated: 'unauthenticated',
  forbidden: 'forbidden',
  notFound: 'not_found',
  /** A value already in use (a unique rule), or a concurrent change to retry. */
  conflict: 'conflict',
  /** Saved by someone else since it was read: reload and apply the change again. */
  stale: 'stale_version',
  /** Still referenced by other records (cannot be deleted), or refers to one that does not exist. */
  inUse: 'in_use',
  rule: 'rule_violated',
  rateLimited: 'rate_limited',
  /** A feature this console is not set up for (signing in through an identity provider without one). */
  notConfigured: 'not_configured',
  /** A service the request needed (the identity provider) failed or could not be reached: try again. */
  providerUnreachable: 'provider_unreachable',
  internal: 'internal_error',
} as const;
