import {
  AccountBookOutlined,
  AlertOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  BellOutlined,
  BookOutlined,
  ClusterOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  ExclamationCircleOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FormOutlined,
  HomeOutlined,
  IdcardOutlined,
  InsuranceOutlined,
  MessageOutlined,
  NotificationOutlined,
  PieChartOutlined,
  ProfileOutlined,
  QuestionCircleOutlined,
  ReadOutlined,
  SafetyCertificateOutlined,
  SafetyOutlined,
  ScheduleOutlined,
  SettingOutlined,
  SolutionOutlined,
  TableOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/**
 * The fixed set of menu icons a resource may name. Only these are bundled; an unknown name shows no
 * icon. Names are accepted as antd component names (SafetyOutlined) or kebab-case (safety-certificate).
 */
const ICONS: Readonly<Record<string, ComponentType>> = {
  AccountBookOutlined,
  AlertOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  BellOutlined,
  BookOutlined,
  ClusterOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  ExclamationCircleOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FormOutlined,
  HomeOutlined,
  IdcardOutlined,
  InsuranceOutlined,
  MessageOutlined,
  NotificationOutlined,
  PieChartOutlined,
  ProfileOutlined,
  QuestionCircleOutlined,
  ReadOutlined,
  SafetyCertificateOutlined,
  SafetyOutlined,
  ScheduleOutlined,
  SettingOutlined,
  SolutionOutlined,
  TableOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
  WarningOutlined,
};

export function iconComponentName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) return '';
  if (/^[A-Z]/.test(trimmed))
    return /(Outlined|Filled|TwoTone)$/.test(trimmed) ? trimmed : `${trimmed}Outlined`;
  const pascal = trimmed
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');
  return `${pascal}Outlined`;
}

export function menuIcon(name: string) {
  const Icon = ICONS[iconComponentName(name)];
  return Icon ? <Icon /> : undefined;
}
