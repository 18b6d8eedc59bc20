/** Debian's Chromium (CHROMIUM_PATH overrides it). */
export declare const CHROMIUM: string;
/** The flags this machine allows. */
export declare const CHROMIUM_FLAGS: string[];
