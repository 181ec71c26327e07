import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunch as chromium } from '../support/chromium';

/**
 * `npm run gallery`: every screen and state of the app, on a phone and a desktop, as PNGs in
 * e2e/gallery/out/ with an index page (out/index.html). Not a test suite: nothing is asserted beyond what
 * each shot needs to reach its state.
 */
export default defineConfig({
  testDir: '.',
  testMatch: /screens\.ts$/,
  globalSetup: '../support/globalSetup.ts',
  globalTeardown: './writeIndex.ts',
  fullyParallel: false,
  workers: 1,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: 'out/.results',
  use: { locale: 'ar-SA', timezoneId: 'Asia/Riyadh', launchOptions: chromium },
  projects: [
    {
      name: 'phone',
      use: {
        ...devices['Pixel 7'],
        viewport: { width: 390, height: 844 },
        browserName: 'chromium',
        launchOptions: chromium,
      },
    },
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
    },
  ],
});
