/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base URL of an external error-reporting service (Rollbar API base, e.g. https://api.rollbar.com/api/1/). */
  readonly VITE_ERROR_ENDPOINT?: string;
  /** Its client access token. */
  readonly VITE_ERROR_TOKEN?: string;
  /** Build identifier reported with errors. */
  readonly VITE_CODE_VERSION?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
