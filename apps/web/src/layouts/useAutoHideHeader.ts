import { useEffect, useState } from 'react';

/** Spec 9: the header hides once the page has scrolled down past 300 px, and returns on scroll up. */
export const AUTO_HIDE_THRESHOLD_PX = 300;

export function nextHidden(prevHidden: boolean, lastY: number, y: number): boolean {
  if (y <= AUTO_HIDE_THRESHOLD_PX) return false;
  if (y > lastY) return true;
  if (y < lastY) return false;
  return prevHidden;
}

export function useAutoHideHeader(enabled: boolean): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) {
      setHidden(false);
      return;
    }
    let lastY = window.scrollY;
    let ticking = false;
    const onScroll = () => {
      if (ticking) return;
      ticking = true;
      requestAnimationFrame(() => {
        const y = window.scrollY;
        // Capture now: the updater runs later, after lastY has moved on.
        const prevY = lastY;
        setHidden((h) => nextHidden(h, prevY, y));
        lastY = y;
        ticking = false;
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [enabled]);
  return hidden;
}
