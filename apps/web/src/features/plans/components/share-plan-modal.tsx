import type { MarketingPlan } from '@plansmith/contract';
import { App, Button, Flex, Input, Modal, Typography } from 'antd';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useSharePlan } from '../api/plan-mutations.ts';

/** Share a plan's guest summary by a secret link (DESIGN.md §5), or stop sharing it. */
export const SharePlanModal = ({ plan, onClose }: { plan: MarketingPlan | null; onClose: () => void }) => {
  const share = useSharePlan();
  const { message } = App.useApp();
  const current = share.data?.Id === plan?.Id ? share.data : plan;

  const toggle = async (next: boolean) => {
    if (!plan) return;
    try {
      await share.mutateAsync({ id: plan.Id, share: next });
      message.success(next ? 'Share link created.' : 'The plan is no longer shared. The old link stops working.');
    } catch (error) {
      message.error(errorMessage(error));
    }
  };

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      message.success('Link copied.');
    } catch {
      message.info('Select the link and copy it.');
    }
  };

  return (
    <Modal open={Boolean(plan)} title={`Share “${plan?.Name ?? ''}”`} onCancel={onClose} footer={<Button onClick={onClose}>Close</Button>}>
      {current?.ShareUrl ? (
        <Flex vertical gap={12}>
          <Typography.Text>Anyone with this link can see the plan’s summary without signing in.</Typography.Text>
          <Flex gap={8}>
            <Input readOnly value={current.ShareUrl} aria-label="Share link" onFocus={(event) => event.target.select()} />
            <Button onClick={() => void copy(current.ShareUrl ?? '')}>Copy</Button>
          </Flex>
          <div>
            <Button danger loading={share.isPending} onClick={() => void toggle(false)}>
              Stop sharing
            </Button>
          </div>
        </Flex>
      ) : (
        <Flex vertical gap={12}>
          <Typography.Text>This plan is private. Create a secret link to show its summary to people outside Plansmith.</Typography.Text>
          <div>
            <Button type="primary" loading={share.isPending} onClick={() => void toggle(true)}>
              Create share link
            </Button>
          </div>
        </Flex>
      )}
    </Modal>
  );
};
