/** The credentials key of the API tests (a fixed, made-up key): the template's demo secrets are sealed under it. */
export const TEST_CREDENTIALS_KEY = Buffer.alloc(32, 0x5a).toString('base64');
