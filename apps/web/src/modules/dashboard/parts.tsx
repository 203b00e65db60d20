import { Card, Space, Statistic, Typography } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { Link } from 'react-router';
import { thousands } from '../../components/index.ts';
import { useAuth } from '../../platform/auth.ts';
import { flattenRoutes, toResourceRoutes } from '../../platform/resources.ts';
import type { AdminScreen } from './api.ts';

/** Parts shared by the operations admin's workbench (AdminIndex) and the audit overview (AuditIndex). */

const VALUE_STYLE = { fontSize: 24 } as const;

/**
 * Column widths of the recent operation log: they add up to less than the card leaves at 1440 px
 * (two thirds of about 1,070 px), so the IP column is whole; narrower windows scroll.
 */
export const OP_LOG_COLUMNS = [
  { width: 150 },
  { width: 120 },
  { width: 104 },
  { width: 70 },
  { width: 64 },
  { width: 124 },
  { width: 48 },
] as const;

/** Paths of the screens the signed-in role holds, by component name (null when it holds none). */
export function useScreenPaths(): (component: AdminScreen) => string | null {
  const { resources } = useAuth();
  const byComponent = useMemo(() => {
    const m = new Map<string, string>();
    for (const r of flattenRoutes(toResourceRoutes(resources)))
      if (!m.has(r.component)) m.set(r.component, r.path);
    return m;
  }, [resources]);
  return (component) => byComponent.get(component) ?? null;
}

export function MaybeLink({ to, children }: { to: string | null; children: ReactNode }) {
  return to ? <Link to={to}>{children}</Link> : children;
}

export const percent = (rate: number) => `${(rate * 100).toFixed(rate > 0 && rate < 0.001 ? 2 : 1)}%`;

export interface FigureProps {
  testId: string;
  title: string;
  icon: ReactNode;
  color: string;
  to: string | null;
  loading: boolean;
  failed: boolean;
  value: number | string | undefined;
  suffix?: string;
  /** A second line under the figure (breakdown). */
  note?: ReactNode;
}

/** One key figure: icon, value, a breakdown line; the whole card opens the screen behind it. */
export function Figure({
  testId,
  title,
  icon,
  color,
  to,
  loading,
  failed,
  value,
  suffix,
  note,
}: FigureProps) {
  const shown = failed ? '—' : typeof value === 'number' ? thousands(value) : (value ?? '—');
  return (
    <MaybeLink to={to}>
      <Card variant="borderless" hoverable={Boolean(to)} data-testid={testId} style={{ height: '100%' }}>
        <Space align="start" size={16}>
          <span style={{ fontSize: 28, color }}>{icon}</span>
          <div>
            <Statistic
              title={title}
              value={shown}
              suffix={failed ? undefined : suffix}
              loading={loading}
              valueStyle={VALUE_STYLE}
            />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {failed ? '暂时无法获取' : loading ? '\u00a0' : note}
            </Typography.Text>
          </div>
        </Space>
      </Card>
    </MaybeLink>
  );
}
