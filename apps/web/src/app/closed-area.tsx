import { LockOutlined } from '@ant-design/icons';
import { type AccountOwner, getHref, PLAN_NAMES, type PathName, type PlanCode, paths, tenantRoutes } from '@plansmith/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Result, Typography } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { callApi } from '../shared/api/client.ts';
import { useProfile, useTenant } from '../shared/api/identity.ts';
import { identityKeys } from '../shared/api/query-keys.ts';

/** A link drawn as a button (one element, not a button inside a link), navigating inside the app. */
const LinkButton = ({ to, type, children }: { to: string; type?: 'primary'; children: ReactNode }) => {
  const navigate = useNavigate();
  return (
    <Button
      type={type}
      href={to}
      onClick={(event) => {
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </Button>
  );
};

const nameOf = (owner: AccountOwner) => `${owner.FirstName} ${owner.LastName}`;

/** "Pat Lee", "Pat Lee or Sam Roe", "Pat Lee, Sam Roe or Kim Ito". */
const oneOf = (names: string[]): string =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names.at(-1) ?? ''}`;

const useOwners = (enabled: boolean) =>
  useQuery({
    queryKey: [...identityKeys.all, 'owners'] as const,
    queryFn: () => callApi(tenantRoutes.getOwners, {}),
    enabled,
    staleTime: 5 * 60_000,
  });

/**
 * An area the subscription does not include (a product policy the plan lacks, or an Enterprise area
 * such as the audit log), met by a link, a bookmark or after a downgrade (issue 28 C1). It names the
 * plan that includes the area; the Owner gets the upgrade link to Billing, anyone else the name of
 * the Owner to ask. The address stays, so the page opens here once the plan includes it.
 * `plans`: the plans that include the area, cheapest first.
 */
export const ClosedArea = ({ name, plans }: { name: PathName; plans: readonly PlanCode[] }) => {
  const profile = useProfile();
  const tenant = useTenant();
  const isOwner = profile.data?.TenantRole === 'Owner';
  const owners = useOwners(profile.data !== undefined && !isOwner);
  const cheapest = PLAN_NAMES[plans[0] ?? 'enterprise'];
  const area = paths[name].title;
  useEffect(() => {
    document.title = `${area} · Plansmith`;
  }, [area]);
  const current = tenant.data ? `Your account is on the ${PLAN_NAMES[tenant.data.PlanCode]} plan. ` : '';
  const including = oneOf(plans.map((code) => PLAN_NAMES[code])).replace(/ or ([^,]+)$/, ' and $1');
  const ownerNames = (owners.data ?? []).map(nameOf);
  const whom =
    ownerNames.length > 0
      ? `${oneOf(ownerNames)}, ${ownerNames.length > 1 ? 'the account Owners' : 'your account Owner'},`
      : 'your account Owner';
  return (
    <Result
      icon={<LockOutlined />}
      title={`${area} is part of the ${cheapest} plan`}
      subTitle={
        <Flex vertical gap={4}>
          <span>{`${current}${including} ${plans.length === 1 ? 'includes' : 'include'} ${area}.`}</span>
          {isOwner ? (
            <span>Upgrade on the Billing page: the new plan starts as soon as your card is confirmed.</span>
          ) : profile.data ? (
            <Typography.Text strong>Ask {whom} to upgrade the account on the Billing page.</Typography.Text>
          ) : null}
        </Flex>
      }
      extra={
        <Flex gap={8} wrap justify="center">
          {isOwner ? (
            <LinkButton type="primary" to={getHref('billing', {}, { plan: plans[0] })}>
              Upgrade to {cheapest}
            </LinkButton>
          ) : null}
          <LinkButton to={getHref('home')}>Back to the dashboard</LinkButton>
        </Flex>
      }
    />
  );
};
