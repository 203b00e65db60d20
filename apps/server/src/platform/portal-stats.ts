import type { STAT_LABELS } from '@aqzrx/contracts';

export type PortalStatName = keyof typeof STAT_LABELS;
/** Computes one figure of the public portal, from the app that registered it. */
export type StatProvider = () => Promise<number>;

/**
 * The portal's statistics, one registry per app (buildApp creates it and decorates it as `app.portalStats`):
 * each business module that owns a figure registers how to compute it from its own app's database, so
 * several apps in one process (tests) never read each other's data. A figure no module provides is a real
 * zero, never a sample number.
 */
export interface PortalStats {
  register(name: PortalStatName, provider: StatProvider): void;
  value(name: PortalStatName): Promise<number>;
}

export function createPortalStats(): PortalStats {
  const providers = new Map<PortalStatName, StatProvider>();
  return {
    register(name, provider) {
      providers.set(name, provider);
    },
    async value(name) {
      const provider = providers.get(name);
      return provider ? provider() : 0;
    },
  };
}
