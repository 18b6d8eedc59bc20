// A funnel whose forecast falls short of its goal, shared by the funnel and expectation tests.
import { funnelRoutes } from '@plansmith/contract';
import { createTenant } from '../../../server/test/factories.ts';
import { createStages } from '../../../server/test/funnel-factories.ts';
import { createPlan } from '../../../server/test/planning-factories.ts';
import type { RealApi } from './real-api.ts';

/** A 2026 plan with Visitor → Lead → Customer (5 %, 10 %, 90 days from Lead), $1,000,000 ÷ $25,000 = 40 deals ← 400 leads ← 8,000 visitors. */
export const arrangeFunnel = async (api: RealApi) => {
  const tenant = await createTenant(api.server);
  const plan = await createPlan(api.server, tenant, { startDate: '2026-01-01', endDate: '2026-12-31' });
  const [visitor, lead] = await createStages(api.server, tenant, ['Visitor', 'Lead', 'Customer']);
  const session = await api.signIn(tenant.users.owner.email);
  await api.call(
    funnelRoutes.save,
    {
      MarketingPlanId: plan.id,
      RevenueGoal: 1_000_000,
      AverageDealSize: 25_000,
      CostPerLead: 20,
      Stages: [
        { FunnelStageId: visitor?.id ?? '', ConversionRate: 0.05, VelocityDays: 0 },
        { FunnelStageId: lead?.id ?? '', ConversionRate: 0.1, VelocityDays: 90 },
      ],
    },
    session.AccessToken,
  );
  return { plan, visitor, token: session.AccessToken };
};
