import { describe, expect, it } from 'vitest';
import { catalogues } from '../../src/domain/locales/index.ts';
import { viewports } from '../support/browser.ts';
import { expectAccessible, useE2E } from '../support/e2e.ts';
import { assignTask, createTask, createUser } from '../support/factories.ts';

const e2e = useE2E();
/** A Portuguese text of the screens, by its key. */
function pt(key: string): string {
  const text = catalogues.pt[key];
  if (text === undefined) throw new Error(`No Portuguese text for ${key}`);
  return text;
}

describe('a video task in the browser', () => {
  it('a Portuguese creator on a phone uploads a real video that then plays and streams in ranges', async () => {
    const creator = await createUser(e2e.db, { preferredLanguage: 'pt' });
    const task = await createTask(e2e.db, { title: 'Vídeo na praia', contentType: 'video' });
    await assignTask(e2e.db, { taskId: task.id, userId: creator.id, status: 'in_progress' });

    const { page, context, problems } = await e2e.openPage(viewports.phone);
    await context.addCookies([{ name: 'preferredLanguage', value: 'pt', url: e2e.baseUrl }]);
    await e2e.signInAs(context, creator);
    const fileStatuses: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/objects/')) {
        fileStatuses.push(response.status());
      }
    });
    await page.goto(`/tasks/${task.id}`);
    await expect
      .poll(() => page.getByRole('heading', { name: pt('tasks.upload.title') }).isVisible())
      .toBe(true);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('pt');
    // The picker offers videos only, so a phone opens its camera in video mode.
    expect(await page.locator('input[type="file"]').getAttribute('accept')).toMatch(/video\//);
    expect(await page.locator('input[type="file"]').getAttribute('accept')).not.toMatch(/image\//);

    // A real WebM, recorded here from a moving canvas: two seconds of VP8.
    const recorded = await page.evaluate(async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 160;
      canvas.height = 120;
      const drawing = canvas.getContext('2d')!;
      const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: 'video/webm' });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (event) => chunks.push(event.data);
      const stopped = new Promise((resolve) => (recorder.onstop = resolve));
      recorder.start(250);
      const started = performance.now();
      await new Promise<void>((resolve) => {
        const frame = () => {
          const elapsed = performance.now() - started;
          drawing.fillStyle = `hsl(${elapsed / 10}, 80%, 50%)`;
          drawing.fillRect(0, 0, 160, 120);
          if (elapsed < 2000) requestAnimationFrame(frame);
          else resolve();
        };
        frame();
      });
      recorder.stop();
      await stopped;
      const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
      return btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(''));
    });
    await page.locator('input[type="file"]').setInputFiles({
      name: 'praia.webm',
      mimeType: 'video/webm',
      buffer: Buffer.from(recorded, 'base64'),
    });
    await page
      .getByRole('button', { name: pt('tasks.upload.submit_one').replace('{{count}}', '1') })
      .click();
    await expect
      .poll(() =>
        page
          .getByRole('region', { name: pt('toast.viewportLabel').replace('{hotkey}', 'F8') })
          .innerText(),
      )
      .toContain(pt('tasks.upload.success'));

    // The video plays from the same-origin file URL, which answers the player's ranges (206).
    const video = page.locator('video[aria-label="praia.webm"]');
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState))
      .toBeGreaterThanOrEqual(1);
    await video.evaluate((element: HTMLVideoElement) => {
      element.muted = true;
      return element.play();
    });
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime))
      .toBeGreaterThan(0.2);
    expect(fileStatuses).toContain(206);
    expect(fileStatuses.filter((status) => status >= 400)).toEqual([]);
    await expectAccessible(page, problems);
    await context.close();
  });
});
