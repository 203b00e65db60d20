import '@ant-design/v5-patch-for-react-19';
import { StyleProvider } from '@ant-design/cssinjs';
import { cleanup, configure } from '@testing-library/react';
import { ConfigProvider, Modal, message, notification } from 'antd';
import { createElement, type JSXElementConstructor, type ReactNode } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import { clearSession } from './platform/auth.ts';
import { bindFeedback, feedback } from './platform/feedback.ts';

// Test files share one module graph per worker (isolate: false in vitest.config.ts), so everything a test
// leaves behind must go: rendered trees, antd's notices, messages and modals (containers of their own
// under <body>), the feedback APIs an app root bound to its (now unmounted) <App>, and the signed-in user
// (a user left in the auth store makes <Action> check the next file's buttons against its grants).
//
// happy-dom fires no transition or animation events, so a notice animated out would stay in the document
// for good: the static holders render without motion, and destroy() removes notices at once.
ConfigProvider.config({
  holderRender: (children) =>
    createElement(
      StyleProvider,
      { mock: 'server' },
      createElement(ConfigProvider, { theme: { token: { motion: false } } }, children),
    ),
});

// antd's CSS-in-JS would put thousands of rules into the document, and happy-dom matches every rule against
// every element each time testing-library asks whether an element is visible (getByRole): that matching was
// over half of the web suite's time. Components render as on a server (no <style> injected); the one kind of
// antd rule the tests depend on — hidden popups, tab panes and form items (`*-hidden` classes, display: none)
// — is given as one rule instead.
function NoInjectedStyles({ children }: { children?: ReactNode }) {
  return createElement(StyleProvider, { mock: 'server' }, children);
}
type Wrapper = JSXElementConstructor<{ children: ReactNode }>;
function withoutInjectedStyles(wrapper?: Wrapper): Wrapper {
  if (!wrapper) return NoInjectedStyles;
  const Inner = wrapper;
  return ({ children }) => createElement(NoInjectedStyles, null, createElement(Inner, null, children));
}
vi.mock('@testing-library/react', async (importOriginal) => {
  const rtl = await importOriginal<typeof import('@testing-library/react')>();
  const render = (ui: Parameters<typeof rtl.render>[0], options?: Parameters<typeof rtl.render>[1]) =>
    rtl.render(ui, { ...options, wrapper: withoutInjectedStyles(options?.wrapper as Wrapper | undefined) });
  const renderHook = <R, P>(hook: (props: P) => R, options?: Parameters<typeof rtl.renderHook<R, P>>[1]) =>
    rtl.renderHook(hook, {
      ...options,
      wrapper: withoutInjectedStyles(options?.wrapper as Wrapper | undefined),
    });
  return { ...rtl, render, renderHook };
});
const HIDDEN_RULE = '[class$="-hidden"], [class*="-hidden "] { display: none; }';
beforeEach(() => {
  if (document.getElementById('test-hidden-rule')) return;
  const style = document.createElement('style');
  style.id = 'test-hidden-rule';
  style.textContent = HIDDEN_RULE;
  document.head.appendChild(style);
});
const staticFeedback = { ...feedback };

// findBy*/waitFor wait up to 5 s for every file (not the library's 1 s): with two workers and PGlite suites
// sharing two cores, a screen's first render plus a fake API answer can take over a second. Set here, once,
// because files share one module graph per worker: a configure() in one file would leak into the next.
configure({ asyncUtilTimeout: 5000 });

afterEach(async () => {
  cleanup();
  notification.destroy();
  message.destroy();
  Modal.destroyAll();
  bindFeedback(staticFeedback);
  clearSession();
  localStorage.clear();
  sessionStorage.clear();
  // Let React's scheduler run what the unmounts and destroys queued (setImmediate work) while this file's
  // window still exists: left queued, it ran after the environment was torn down ("window is not defined"
  // in whichever file came next).
  await new Promise((resolve) => setTimeout(resolve, 0));
});

// antd's responsive helpers need matchMedia, which happy-dom provides; ResizeObserver too.
