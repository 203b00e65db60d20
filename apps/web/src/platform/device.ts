import { useSyncExternalStore } from 'react';

/** Spec 4 device types: desktop ≥ 1200 px, tablet 576–1199 px, mobile < 576 px. */
export type Device = 'desktop' | 'tablet' | 'mobile';

export const DESKTOP_MIN_WIDTH = 1200;
export const TABLET_MIN_WIDTH = 576;

export function deviceForWidth(width: number): Device {
  if (width >= DESKTOP_MIN_WIDTH) return 'desktop';
  if (width >= TABLET_MIN_WIDTH) return 'tablet';
  return 'mobile';
}

function current(): Device {
  return typeof window === 'undefined' ? 'desktop' : deviceForWidth(window.innerWidth);
}

function subscribe(listener: () => void): () => void {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}

export function useDevice(): Device {
  return useSyncExternalStore(subscribe, current, () => 'desktop');
}

/** Spec 4: the sidebar is open on desktop and mobile (where it is a drawer), collapsed on tablet. */
export function defaultCollapsed(device: Device, savedDesktop: boolean | null): boolean {
  if (device === 'tablet') return true;
  if (device === 'mobile') return false;
  return savedDesktop ?? false;
}
