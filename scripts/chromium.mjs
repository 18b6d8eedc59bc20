// Debian's Chromium, never a downloaded browser (the machine reaches no browser download site), with
// the flags this machine allows. Shared by the end-to-end tests (playwright.config.ts), the browser
// benches (apps/server/bench/built-app.ts) and scripts/screenshot.mjs.
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
