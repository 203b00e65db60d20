import { describe, expect, it } from 'vitest';
import { duplicateScreenNames, hasScreen, screenLoader, screens } from './screens.ts';

describe('screen registry', () => {
  it('no component name is defined by two feature maps', () => {
    expect(duplicateScreenNames).toEqual([]);
  });

  it('maps a registered name to its own loader and an unknown name to the 404 page', async () => {
    expect(hasScreen('EntInfoEdit')).toBe(true);
    expect(screenLoader('EntInfoEdit')).toBe(screens.EntInfoEdit);
    expect(hasScreen('NoSuchScreen')).toBe(false);
    const NotFound = await screenLoader('NoSuchScreen')();
    expect(NotFound.name).toBe('NotFound');
  });
});

// Every role's seeded resources (menu entries naming a component, packages/contracts/src/resource-tree.ts)
// must have a screen here. A feature not built yet opens 页面不存在或正在开发中 (spec 2.7) and is named
// below; the list may only shrink: a listed name that gets a screen fails until it is removed, and a
// seeded name that is neither registered nor listed fails (a renamed component would otherwise show the
// 404 page silently).
import { type ResourceSeed, ROLE_RESOURCES } from '@aqzrx/contracts/resource-tree';

/** Seeded components with no screen yet, by feature. Remove a name when its screen is registered. */
const NOT_BUILT: readonly string[] = [];

function componentsOf(nodes: ResourceSeed[]): string[] {
  return nodes.flatMap((n) => [
    ...(n.component && n.component !== 'RouteView' ? [n.component] : []),
    ...componentsOf(n.children),
  ]);
}

describe('screen registry against the seeded resources', () => {
  const seeded = [...new Set(Object.values(ROLE_RESOURCES).flatMap(componentsOf))].sort();

  it('every seeded component has a screen or is listed as not built', () => {
    expect(
      seeded.filter((c) => !hasScreen(c) && !NOT_BUILT.includes(c)),
      'seeded components with no screen: register a screen, or (feature not built) list them in NOT_BUILT',
    ).toEqual([]);
  });

  it('the not-built list only shrinks: a listed name that has a screen now must be removed', () => {
    expect(
      NOT_BUILT.filter((c) => hasScreen(c)),
      'built now — remove it from the NOT_BUILT list',
    ).toEqual([]);
  });

  it('the not-built list names seeded components only, each once', () => {
    expect(
      NOT_BUILT.filter((c) => !seeded.includes(c)),
      'not seeded: remove it from NOT_BUILT',
    ).toEqual([]);
    expect(NOT_BUILT.filter((c, i) => NOT_BUILT.indexOf(c) !== i)).toEqual([]);
  });

  it('every registered screen is reachable from some role’s resources', () => {
    expect(Object.keys(screens).filter((c) => !seeded.includes(c))).toEqual([]);
  });
});
