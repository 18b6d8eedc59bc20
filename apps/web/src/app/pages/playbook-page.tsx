import type { Play } from '@plansmith/contract';
import { App, Button, Card, Tooltip } from 'antd';
import { Suspense, useState } from 'react';
import { useContextPlan } from '../../features/plans/hooks/use-context-plan.ts';
import { useDeletePlay, useRenamePlay, useSaveAsPlay } from '../../features/playbook/api/playbook-mutations.ts';
import { usePlays } from '../../features/playbook/api/playbook-queries.ts';
import { LazyCreatePlanModal, LazyNamePlayModal, LazyPlayPreviewDrawer } from '../../features/playbook/components/lazy-dialogs.tsx';
import { PlayCard } from '../../features/playbook/components/play-card.tsx';
import { errorMessage } from '../../shared/api/api-error.ts';
import { useMyTeams } from '../../shared/api/my-teams.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/query-state.tsx';

/** /playbook: the plays (templates) to start a plan from, and saving the current plan as one (DESIGN.md §9). */
export const PlaybookPage = () => {
  const plays = usePlays();
  const { plan: contextPlan } = useContextPlan();
  // "Use this play" only for someone who may create plans in at least one team (the dialog lists those teams).
  const canCreatePlans = useMyTeams().data?.some((team) => team.CanManagePlans) ?? false;
  const saveAs = useSaveAsPlay();
  const rename = useRenamePlay();
  const remove = useDeletePlay();
  const { message, modal } = App.useApp();
  const [previewing, setPreviewing] = useState<Play | null>(null);
  const [using, setUsing] = useState<Play | null>(null);
  const [renaming, setRenaming] = useState<Play | null>(null);
  const [savingCurrent, setSavingCurrent] = useState(false);
  // The lazy dialogs mount on first use and stay mounted, so they can animate closed.
  const [dialogsWanted, setDialogsWanted] = useState(false);
  const open =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      setDialogsWanted(true);
      set(value);
    };

  const confirmDelete = (play: Play) =>
    modal.confirm({
      title: `Delete the play “${play.Name}”?`,
      content: `Its ${play.ItemCount} budget items and objectives are deleted with it. Plans made from it stay as they are.`,
      okText: 'Delete play',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove.mutateAsync(play.Id);
          message.success(`“${play.Name}” deleted.`);
        } catch (error) {
          message.error(errorMessage(error));
        }
      },
    });

  const canSaveCurrent = contextPlan?.Permissions.CanManagePlan ?? false;
  const saveCurrentButton = (
    <Tooltip
      title={
        !contextPlan
          ? 'Choose a plan in the bar above first.'
          : canSaveCurrent
            ? undefined
            : 'Only the team’s Lead, an Admin or the Owner can.'
      }
    >
      <Button disabled={!canSaveCurrent} onClick={() => open(setSavingCurrent)(true)}>
        Save current plan as a play
      </Button>
    </Tooltip>
  );

  return (
    <>
      <PageHeader
        title="Playbook"
        subtitle="Plays are plan templates: start a plan from one, or keep a plan that worked as a play."
        actions={saveCurrentButton}
      />
      {plays.isPending ? (
        <Card>
          <LoadingState label="Loading plays…" />
        </Card>
      ) : plays.isError ? (
        <Card>
          <ErrorState error={plays.error} onRetry={() => void plays.refetch()} title="The playbook could not be loaded." />
        </Card>
      ) : plays.data.length === 0 ? (
        <Card>
          <EmptyState
            description="No plays yet. Save a plan that worked as a play, and start next year’s plans from it."
            action={
              canSaveCurrent ? (
                <Button type="primary" onClick={() => open(setSavingCurrent)(true)}>
                  Save current plan as a play
                </Button>
              ) : null
            }
          />
        </Card>
      ) : (
        <ul
          aria-label="Plays"
          style={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(320px, 1fr))',
            gap: 16,
            listStyle: 'none',
            margin: 0,
            padding: 0,
          }}
        >
          {plays.data.map((play) => (
            <li key={play.Id}>
              <PlayCard
                play={play}
                onPreview={open(setPreviewing)}
                onUse={canCreatePlans ? open(setUsing) : undefined}
                onRename={open(setRenaming)}
                onDelete={confirmDelete}
              />
            </li>
          ))}
        </ul>
      )}
      {dialogsWanted ? (
        <Suspense fallback={null}>
          <LazyPlayPreviewDrawer
            play={previewing}
            onClose={() => setPreviewing(null)}
            onUse={
              canCreatePlans
                ? (play) => {
                    setPreviewing(null);
                    setUsing(play);
                  }
                : undefined
            }
          />
          <LazyCreatePlanModal source={using} mode="play" onClose={() => setUsing(null)} />
          <LazyNamePlayModal
            open={renaming !== null}
            title="Rename play"
            okText="Rename"
            defaultName={renaming?.Name ?? ''}
            pending={rename.isPending}
            onSubmit={async (Name) => {
              const play = await rename.mutateAsync({ MarketingPlanId: renaming?.Id ?? '', Name });
              return `Renamed to “${play.Name}”.`;
            }}
            onClose={() => setRenaming(null)}
          />
          <LazyNamePlayModal
            open={savingCurrent && contextPlan !== null}
            title="Save current plan as a play"
            okText="Save as play"
            defaultName={contextPlan ? `${contextPlan.Name} play` : ''}
            intro={
              contextPlan
                ? `Copies the budget items, phasing, objectives and funnel model of “${contextPlan.Name}” into a new play. Expenses, results and comments are not copied.`
                : undefined
            }
            pending={saveAs.isPending}
            onSubmit={async (Name) => {
              const play = await saveAs.mutateAsync({ MarketingPlanId: contextPlan?.Id ?? '', Name });
              return `“${play.Name}” saved to the playbook.`;
            }}
            onClose={() => setSavingCurrent(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
};
