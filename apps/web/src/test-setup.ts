import '@ant-design/v5-patch-for-react-19';
import { cleanup, configure } from '@testing-library/react';
import { ConfigProvider, Modal, message, notification } from 'antd';
import { createElement } from 'react';
import { afterEach } from 'vitest';
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
    createElement(ConfigProvider, { theme: { token: { motion: false } } }, children),
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
