/** How every screen names the two devices a page is measured or searched on. */
export const DEVICE_NAMES = { mobile: 'Mobile', desktop: 'Desktop' } as const;
