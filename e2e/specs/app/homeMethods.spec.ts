import { HomePage } from '../../pages/HomePage';
import { expect, test } from '../../support/test';

/**
 * The landing's accepted methods (features/recharge/AcceptedMethods.tsx) come with the packages: while those
 * load, a placeholder of the marks' size stands in their box, and nothing under it moves when they arrive.
 */
test('the landing’s accepted methods: a placeholder of their box’s size while the packages load', async ({
  page,
}) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/api\/third_party_pay\/get_recharge_list_v3\//, async (route) => {
    await held;
    await route.continue();
  });
  const home = new HomePage(page);
  await home.goto('/');
  const box = page.getByTestId('home-methods');
  const placeholder = box.locator('.skeleton');
  await expect(placeholder).toBeVisible();
  const loadingBox = await box.boundingBox();
  const placeholderBox = await placeholder.boundingBox();
  release();
  const marks = page.getByTestId('home-method-marks');
  await expect(marks).toBeVisible();
  await expect(placeholder).toHaveCount(0);
  const marksBox = await marks.boundingBox();
  expect(await box.boundingBox()).toEqual(loadingBox);
  expect(placeholderBox?.height).toBe(marksBox?.height);
  expect(placeholderBox?.width).toBeCloseTo(marksBox?.width ?? 0, 0);
});
