import {
  AimOutlined,
  ApiOutlined,
  AppstoreAddOutlined,
  AuditOutlined,
  BarChartOutlined,
  BookOutlined,
  CalendarOutlined,
  CheckSquareOutlined,
  CreditCardOutlined,
  DashboardOutlined,
  DollarOutlined,
  FilterOutlined,
  FlagOutlined,
  FundOutlined,
  GlobalOutlined,
  LineChartOutlined,
  ProfileOutlined,
  RiseOutlined,
  SafetyOutlined,
  ScheduleOutlined,
  SettingOutlined,
  TagsOutlined,
  TeamOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { type PathName, paths } from '@plansmith/contract';
import type { ReactNode } from 'react';

export type NavItem = { name: PathName; icon: ReactNode };
export type NavGroup = { label: string; items: NavItem[] };

/** The left navigation: every area of SPEC.md's route table. Items whose policy is denied are hidden. */
export const NAVIGATION: NavGroup[] = [
  {
    label: 'Plan',
    items: [
      { name: 'home', icon: <DashboardOutlined /> },
      { name: 'plans', icon: <ProfileOutlined /> },
      { name: 'budget', icon: <WalletOutlined /> },
      { name: 'expenses', icon: <DollarOutlined /> },
      { name: 'campaigns', icon: <FlagOutlined /> },
      { name: 'calendar', icon: <ScheduleOutlined /> },
      { name: 'close', icon: <CalendarOutlined /> },
      { name: 'approvals', icon: <CheckSquareOutlined /> },
      { name: 'playbook', icon: <BookOutlined /> },
    ],
  },
  {
    label: 'Analyze',
    items: [
      { name: 'spending', icon: <LineChartOutlined /> },
      { name: 'reports', icon: <BarChartOutlined /> },
      { name: 'performance', icon: <RiseOutlined /> },
      { name: 'expectations', icon: <FundOutlined /> },
      { name: 'objectives', icon: <AimOutlined /> },
      { name: 'funnels', icon: <FilterOutlined /> },
    ],
  },
  {
    label: 'Account',
    items: [
      { name: 'accountSettings', icon: <SettingOutlined /> },
      { name: 'lookups', icon: <TagsOutlined /> },
      { name: 'customFields', icon: <AppstoreAddOutlined /> },
      { name: 'currencies', icon: <GlobalOutlined /> },
      { name: 'teams', icon: <TeamOutlined /> },
      { name: 'people', icon: <UserOutlined /> },
      { name: 'audit', icon: <AuditOutlined /> },
      { name: 'sso', icon: <SafetyOutlined /> },
      { name: 'webhooks', icon: <ApiOutlined /> },
      { name: 'billing', icon: <CreditCardOutlined /> },
    ],
  },
];

export const titleOf = (name: PathName): string => paths[name].title;
