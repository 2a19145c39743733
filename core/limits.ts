/** Timing and size constants, shared by client and server. */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 16;

export const MOBILE_BREAKPOINT_PX = 576;
export const HEADER_SHADOW_SCROLL_PX = 60;

export const SETTINGS_SAVED_CHECK_MS = 500;
export const SETTINGS_HIDE_AFTER_CHECK_MS = 300;
export const GATE_AFTER_SETTINGS_MS = 15_000;
/** How long a tab whose token refresh was refused waits for another tab's rotated token. */
export const SESSION_ROTATION_WAIT_MS = 2_000;
/** Minutes an emailed account-deletion link works (once). */
export const DELETE_LINK_TTL_MINUTES = 15;
/** The account gate opens this long after a visitor arrives on the SERP checker. */
export const SERP_CHECKER_GATE_MS = 1_000;

export const DEFAULT_GOOGLE_DOMAIN = 'google.com';
export const DEFAULT_COUNTRY = 'us';
export const DEFAULT_LANGUAGE = 'en';

/** Device codes: 1 mobile, 2 desktop, 0 choose by screen width. */
export const DEVICE_AUTO = 0;
export const DEVICE_MOBILE = 1;
export const DEVICE_DESKTOP = 2;
export const DEVICE_TYPES = [DEVICE_AUTO, DEVICE_MOBILE, DEVICE_DESKTOP] as const;
/**
 * Until a user chooses, every device measures as a phone: Google ranks by the mobile page,
 * and a score should not change with the width of the window it was asked from.
 */
export const DEFAULT_DEVICE_TYPE = DEVICE_MOBILE;
export type DeviceType = 0 | 1 | 2;

/**
 * Result links one page-facts call (`/send-urls`) reads: a result page holds ten and a
 * featured answer, so twenty leaves room without letting a call fetch the web at large.
 */
export const PAGE_FACTS_MAX_URLS = 20;
/** Bytes read of each page the server fetches for a user; the rest of a larger page is left. */
export const PAGE_FETCH_MAX_BYTES = 2 * 1024 * 1024;
/** Days a shared link opens the search results it was made from. */
export const SERP_SHARE_DAYS = 30;
