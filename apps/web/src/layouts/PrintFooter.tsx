import { formatChinaTime } from '@aqzrx/contracts/constants';
import { useEffect, useState } from 'react';

/**
 * The footer of every printed back-office page (A4 print stylesheet in app/global.css): the platform's name
 * and the China time of printing, taken when the print starts. Hidden on screen.
 */
export function PrintFooter() {
  const [at, setAt] = useState(() => formatChinaTime(new Date()));
  useEffect(() => {
    const before = () => setAt(formatChinaTime(new Date()));
    window.addEventListener('beforeprint', before);
    return () => window.removeEventListener('beforeprint', before);
  }, []);
  return (
    <div className="aq-print-footer" aria-hidden="true">
      宿迁市安全生产责任保险监管服务平台　打印时间 {at}
    </div>
  );
}
