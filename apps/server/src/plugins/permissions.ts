import {
  type Access,
  PERMISSION_DENIED,
  PERMISSION_GRANTED,
  type Permission,
  type PlanCode,
  POLICY_TYPE_PRODUCT,
  POLICY_TYPE_TENANT,
  PRODUCT_POLICIES,
  PRODUCT_POLICY_PLANS,
  type ProductPolicy,
  TENANT_POLICIES,
  type TenantPolicy,
} from '@plansmith/contract';
import type { TenantRoleCode } from '../schema/tenants.ts';

const TENANT_POLICY_ROLES: Record<TenantPolicy, readonly TenantRoleCode[]> = {
  'Account.Settings': ['owner', 'admin'],
  'Account.Lookups': ['owner', 'admin'],
  'Account.Teams': ['owner', 'admin'],
  'Account.People': ['owner', 'admin'],
  'Account.Billing': ['owner'],
};

// The table lives in the contract: the web app names the plan that includes a closed area from it.
export { PRODUCT_POLICY_PLANS };

const isTenantPolicy = (name: string): name is TenantPolicy => name in TENANT_POLICY_ROLES;
const isProductPolicy = (name: string): name is ProductPolicy => name in PRODUCT_POLICY_PLANS;

/** Whether a role on a plan holds a policy. Unknown policies are denied (DESIGN.md §7.6). */
export const isPolicyGranted = (policy: string, role: TenantRoleCode, planCode: PlanCode): boolean => {
  if (isTenantPolicy(policy)) return TENANT_POLICY_ROLES[policy].includes(role);
  if (isProductPolicy(policy)) return PRODUCT_POLICY_PLANS[policy].includes(planCode);
  return false;
};

const PLAN_NAMES: Record<ProductPolicy, string> = { 'Plan.Agility': 'Agility', 'Plan.Performance': 'Performance' };

/** The 403 message of a denied policy: a product policy names the plan that includes it (DESIGN.md §9). */
export const deniedMessage = (policy: string): string =>
  isProductPolicy(policy)
    ? `This is part of the ${PLAN_NAMES[policy]} plan. Ask your account Owner to upgrade on the Billing page.`
    : 'You do not have permission to do that.';

export const isAccessGranted = (access: Access, role: TenantRoleCode, planCode: PlanCode): boolean =>
  access === 'anonymous' || access === 'authenticated' || isPolicyGranted(access, role, planCode);

/** The permission list of GetPermissions (DESIGN.md §4). */
const toPermission = (name: string, granted: boolean, policyType: Permission['Policy']['PolicyType']): Permission => ({
  Name: name,
  Permission: granted ? PERMISSION_GRANTED : PERMISSION_DENIED,
  Policy: { Name: name, PolicyType: policyType },
});

export const listPermissions = (role: TenantRoleCode, planCode: PlanCode): Permission[] => [
  ...TENANT_POLICIES.map((name) => toPermission(name, isPolicyGranted(name, role, planCode), POLICY_TYPE_TENANT)),
  ...PRODUCT_POLICIES.map((name) => toPermission(name, isPolicyGranted(name, role, planCode), POLICY_TYPE_PRODUCT)),
];
