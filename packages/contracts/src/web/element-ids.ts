// Ids of the JSON blocks the server writes into the web app's HTML (no zod here: the sign-in
// document reads them before it loads any schema).

/** Runtime settings (webRuntimeConfigSchema), in index.html and auth.html. */
export const WEB_CONFIG_ELEMENT_ID = 'slat-config';

/** The hosting domain's login branding (brandingResponseSchema), in auth.html. */
export const BRANDING_ELEMENT_ID = 'slat-branding';

/** A signed-in browser's first data (firstDataSchema), in index.html when the session is valid. */
export const FIRST_DATA_ELEMENT_ID = 'slat-first-data';

/**
 * The first screen the server rendered for a signed-in page (firstScreenSchema): the viewport it
 * rendered for and its calls' answers, in index.html beside the rendered HTML (decision 039).
 */
export const FIRST_SCREEN_ELEMENT_ID = 'slat-first-screen';
