import { TeamOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useEffect } from 'react';
import { useContextSelection } from '../../../shared/context/context-selection.tsx';
import { RetrySelect } from '../../../shared/ui/retry-select.tsx';
import { useMyTeams } from '../../../shared/api/my-teams.ts';

/**
 * The context team picker (SPEC.md §4): the last chosen team, otherwise the first of the user's
 * teams. Signing in clears the stored choice (startSession), so each sign-in starts at the first.
 */
/** `width`: 220 px in the header; '100%' where the pickers stack (the phone drawer). */
export const TeamPicker = ({ width = 220 }: { width?: number | string }) => {
  const { teamId, setTeamId } = useContextSelection();
  const teams = useMyTeams();
  const list = teams.data ?? [];
  const chosen = list.find((team) => team.Id === teamId) ?? null;

  useEffect(() => {
    if (!teams.data) return;
    const first = teams.data[0]?.Id ?? null;
    // A remembered team that is gone (deleted, deactivated, left) falls back to the first one.
    if (!teams.data.some((team) => team.Id === teamId) && teamId !== first) setTeamId(first);
  }, [teams.data, teamId, setTeamId]);

  if (teams.isError) {
    return <RetrySelect label="Context team" what="teams" width={width} onRetry={() => void teams.refetch()} />;
  }

  return (
    <Select
      aria-label="Context team"
      style={{ width }}
      loading={teams.isPending}
      placeholder={teams.isPending ? 'Loading teams…' : 'No teams yet'}
      disabled={!teams.isPending && list.length === 0}
      value={chosen?.Id}
      onChange={(value: string) => setTeamId(value)}
      options={list.map((team) => ({ value: team.Id, label: team.Name }))}
      suffixIcon={<TeamOutlined />}
      showSearch={list.length > 6}
      optionFilterProp="label"
    />
  );
};
