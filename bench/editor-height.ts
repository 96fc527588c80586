/**
 * Height of the build editor with the demo gaming build (8 components) at 1440x900, in Chromium:
 * `npm run build && npx tsx bench/editor-height.ts`. Measured before and after the component table
 * replaced the component cards.
 */
import { apiJson, apiLogin, openAdmin } from '../tests/e2e/admin-helpers';
import { newPage, startE2E, VIEWPORTS } from '../tests/e2e/harness';

const e2e = await startE2E();
try {
  const token = await apiLogin(e2e.url);
  const { body } = await apiJson<{ builds: { id: number }[] }>(e2e.url, '/admin/builds', { token });
  const counts = await Promise.all(
    body.builds.map(async ({ id }) => ({ id, components: (await apiJson<{ build: { components: unknown[] } }>(e2e.url, `/admin/builds/${id}`, { token })).body.build.components.length })),
  );
  const eight = counts.find((build) => build.components === 8);
  if (!eight) throw new Error(`No demo build with 8 components: ${JSON.stringify(counts)}`);
  const opened = await newPage(e2e.browser, { viewport: VIEWPORTS[1].viewport });
  await openAdmin(opened.page, e2e.url, `/admin/builds/edit/${eight.id}`, token);
  await opened.page.getByTestId('build-editor').waitFor();
  await opened.page.waitForTimeout(500);
  const height = await opened.page.evaluate(() => document.documentElement.scrollHeight);
  const section = await opened.page.getByTestId('components-section').boundingBox();
  console.log(`build ${eight.id}, 8 components, 1440x900: page ${height} px, components section ${Math.round(section?.height ?? 0)} px`);
  await opened.close();
} finally {
  await e2e.close();
}
