import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS } from './chromium.mjs';
const [, , base, ...targets] = process.argv;
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
const page = await browser.newPage({ viewport: { width: 1366, height: 860 } });
const login = process.env.SHOT_USER;
if (login) {
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(login);
  await page.getByLabel('Password').fill(process.env.SHOT_PASS ?? 'plansmith-demo-2026');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForTimeout(1500);
}
for (const t of targets) {
  const [path, file] = t.split('=');
  await page.goto(base + path);
  await page.waitForTimeout(Number(process.env.SHOT_WAIT ?? 1500));
  await page.screenshot({ path: file, fullPage: true });
  console.log('saved', file);
}
await browser.close();
