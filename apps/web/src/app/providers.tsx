import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { type ReactNode, useEffect } from 'react';
import { RequestContext, type RequestContextValue } from '../components/index.ts';
import { bindFeedback } from '../platform/feedback.ts';
import { useLayoutSettings } from '../platform/layout-settings.ts';
import { queryClient } from '../platform/query-client.ts';
import { request } from '../platform/request.ts';
import { getToken } from '../platform/storage.ts';

/** The shared widgets reach the server through the app's one API client. */
const requestContext: RequestContextValue = { request, getToken };

/** Hands antd's context-aware message/notification/modal to code outside React (the API client). */
function FeedbackBinder() {
  const api = AntdApp.useApp();
  useEffect(() => {
    bindFeedback({ message: api.message, notification: api.notification, modal: api.modal });
  }, [api]);
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  const { primaryColor, colorWeak } = useLayoutSettings();
  useEffect(() => {
    document.body.classList.toggle('color-weak', colorWeak);
  }, [colorWeak]);
  return (
    <ConfigProvider
      locale={zhCN}
      theme={{ token: { colorPrimary: primaryColor } }}
      // A refused submit brings the first field to fix into view (long forms hid it above the fold).
      form={{ scrollToFirstError: { block: 'center', behavior: 'smooth' } }}
    >
      {/* Toasts open below the 56–64 px headers so they never cover the navigation. */}
      <AntdApp message={{ top: 72, maxCount: 3 }}>
        <FeedbackBinder />
        <QueryClientProvider client={queryClient}>
          <RequestContext.Provider value={requestContext}>{children}</RequestContext.Provider>
        </QueryClientProvider>
      </AntdApp>
    </ConfigProvider>
  );
}
