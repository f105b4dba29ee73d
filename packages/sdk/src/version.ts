/** SPEC §9; the package.json version (a test keeps them equal). */
export const SDK_VERSION = '1.0.0';
