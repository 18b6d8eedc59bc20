import { getHref } from '@plansmith/contract';
import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export type OnboardingStep = { title: string; content: ReactNode };

const P = ({ children }: { children: ReactNode }) => <Typography.Paragraph style={{ marginBottom: 8 }}>{children}</Typography.Paragraph>;

/** The new-account setup, for the people who run the account (Account.Settings). */
export const accountSetupSteps = (companyName: string): OnboardingStep[] => [
  {
    title: 'Welcome',
    content: (
      <>
        <P>Welcome to Plansmith! Let’s get {companyName} ready for planning in four short steps.</P>
        <P>You can come back to any of these settings later from the Account section of the navigation.</P>
      </>
    ),
  },
  {
    title: 'Teams',
    content: (
      <>
        <P>Plans belong to teams. Create a team for each group that owns a budget — for example Brand, Demand Generation or Events.</P>
        <P>
          Manage them under <Link to={getHref('teams')}>Account › Teams</Link>.
        </P>
      </>
    ),
  },
  {
    title: 'People',
    content: (
      <>
        <P>Invite your colleagues by email. Each invitation link works for 7 days; they choose their own password.</P>
        <P>
          Invite people under <Link to={getHref('people')}>Account › People</Link>, then add them to teams as Lead, Planner or Viewer.
        </P>
      </>
    ),
  },
  {
    title: 'Budget set-up',
    content: (
      <>
        <P>
          Your account starts ready to budget: suggested budget categories (Paid Media, Events, Software &amp; Tools, Salaries, …),
          general-ledger codes, funnel stages and a first plan for this year, so you can add budget items right away.
        </P>
        <P>
          Rename, add or retire categories, GL codes and stages under <Link to={getHref('lookups')}>Account › Lookups</Link> so reports line
          up with your finance team’s view; change the plan’s name and dates under <Link to={getHref('plans')}>Plans</Link>.
        </P>
      </>
    ),
  },
];

/** The tour for a person new to Plansmith. */
export const newUserTourSteps = (firstName: string): OnboardingStep[] => [
  {
    title: 'Welcome',
    content: <P>Hi {firstName}, welcome to Plansmith — where your team plans its marketing budget and tracks spend against it.</P>,
  },
  {
    title: 'Context',
    content: (
      <P>
        The bar at the top holds your context team and plan. Every page — dashboard, budget, expenses, reports — shows the plan chosen
        there. Plansmith remembers your choice.
      </P>
    ),
  },
  {
    title: 'Plan and budget',
    content: (
      <P>Plans hold budget items grouped by category. Planners edit amounts and monthly phasing; Leads manage the plans themselves.</P>
    ),
  },
  {
    title: 'Track spend',
    content: <P>Record expenses against budget items, then follow burn rate, spending over time and the category report.</P>,
  },
  {
    title: 'Your settings',
    content: (
      <P>
        Change your name and password in <Link to={getHref('myProfile')}>My Profile</Link>, and choose your emails in{' '}
        <Link to={getHref('notifications')}>Notifications</Link> — both in the user menu at the top right.
      </P>
    ),
  },
];
