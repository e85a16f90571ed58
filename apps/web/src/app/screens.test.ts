import { describe, expect, it } from 'vitest';
import { PUBLIC_ROUTES, ROUTES } from '@qm/contracts';
import { SCREENS, screenLoader } from './screens';

const named = [...ROUTES.flatMap((r) => (r.screen ? [r.screen] : [])), PUBLIC_ROUTES.login.screen];

describe('the route table names its screens', () => {
  it('every screen a route names is a file of its area', () => {
    for (const screen of named) expect(screenLoader(screen), `features/${screen}.tsx`).toBeTypeOf('function');
  });

  it('every top-level .tsx of an area is the screen of a route (parts go in features/<area>/parts/)', () => {
    expect(SCREENS.filter((s) => !named.includes(s))).toEqual([]);
  });

  it('a screen is `<area>/<Component>`, the area named as the server module and the contracts', () => {
    for (const screen of named) expect(screen).toMatch(/^(auth|dashboard|users|statuses|catalog|stores|vendors|orders|routing|resolution|purchasing|inventory|pricing|compliance|merchandising|feeds|reports|audit)\/[A-Z][A-Za-z]+$/);
  });

  it('loads a screen as its own module with a default export', async () => {
    const mod = await screenLoader('statuses/InternalStatusList')!();
    expect(mod.default).toBeTypeOf('function');
  });
});
