import { Button, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { fetchData } from './request.ts';

/** Which stored number to reveal: a record kind and field on the server's allow-list (POST /api/pii/reveal). */
export interface RevealRef {
  kind: string;
  id: number;
  field: string;
  /** The position in a list field (a plan's experts). */
  index?: number;
}

export const revealValue = (ref: RevealRef) =>
  fetchData<{ value: string }>('/pii/reveal', { data: ref }).then((d) => d.value);

/**
 * A phone number as the server sends it: masked (138****5678) with a small 查看 link that asks the server for
 * the full number (a scoped, audited call; security.md P04) and then shows it as a tel: link, so a phone can
 * call it. A number that is not masked (a landline) is shown as a tel: link at once; none shows `empty`.
 */
export function MaskedPhone({
  value,
  reveal,
  empty = '-',
}: {
  value: string | null | undefined;
  reveal: RevealRef;
  empty?: string;
}) {
  const [full, setFull] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!value) return <>{empty}</>;
  const shown = full ?? value;
  if (!shown.includes('*'))
    return (
      <a href={`tel:${shown.replace(/[^\d+]/g, '')}`} data-testid="phone-full">
        {shown}
      </a>
    );
  const show = async () => {
    setBusy(true);
    try {
      setFull(await revealValue(reveal));
    } catch {
      // shown by the API client (404 out of scope, network)
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space size={2} data-testid="phone-masked">
      <span>{value}</span>
      <Tooltip title="查看完整号码（将记录查看日志）">
        <Button
          type="link"
          size="small"
          loading={busy}
          autoInsertSpace={false}
          onClick={show}
          style={{ padding: '0 2px', height: 'auto' }}
        >
          查看
        </Button>
      </Tooltip>
    </Space>
  );
}
