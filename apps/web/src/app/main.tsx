import '@ant-design/v5-patch-for-react-19';
import 'dayjs/locale/zh-cn';
import './global.css';
import dayjs from 'dayjs';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { installChinaTime } from '../components/index.ts';
import { Providers } from './providers.tsx';
import { createAppRouter } from './router.tsx';

dayjs.locale('zh-cn');
// Every picker's "now" and every time entered is China time, whatever the browser's zone.
installChinaTime();

const router = createAppRouter();
const container = document.getElementById('root');
if (!container) throw new Error('#root element missing from index.html');

createRoot(container).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
