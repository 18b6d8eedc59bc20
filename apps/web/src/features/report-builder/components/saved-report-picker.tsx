import { DeleteOutlined } from '@ant-design/icons';
import type { SavedReport } from '@plansmith/contract';
import { Button, Flex, Popconfirm, Select } from 'antd';

type Props = {
  reports: readonly SavedReport[] | undefined;
  loading: boolean;
  failed: boolean;
  current: SavedReport | null;
  userId: string;
  onOpen: (report: SavedReport | null) => void;
  onDelete: (report: SavedReport) => void;
  deleting: boolean;
};

/** Opens a saved report (mine, then the ones shared with the account) and deletes the open one when its owner or an Admin may. */
export const SavedReportPicker = ({ reports, loading, failed, current, userId, onOpen, onDelete, deleting }: Props) => {
  const mine = (reports ?? []).filter((report) => report.CanEdit || !report.Shared);
  const others = (reports ?? []).filter((report) => !(report.CanEdit || !report.Shared));
  const option = (report: SavedReport) => ({
    value: report.Id,
    label: !report.Shared
      ? `${report.Name} (private)`
      : report.OwnerId === userId
        ? `${report.Name} (shared)`
        : `${report.Name} (shared by ${report.OwnerName})`,
  });
  return (
    <Flex gap={8} wrap align="center" style={{ minWidth: 0 }}>
      <Select<string>
        aria-label="Open a saved report"
        placeholder={failed ? 'Saved reports could not be loaded' : 'Open a saved report'}
        value={current?.Id ?? null}
        loading={loading}
        allowClear
        showSearch
        optionFilterProp="label"
        onChange={(id) => onOpen((reports ?? []).find((report) => report.Id === id) ?? null)}
        notFoundContent="No saved reports yet"
        style={{ flex: '1 1 240px', minWidth: 0, maxWidth: 420 }}
        options={[
          ...(mine.length > 0 ? [{ label: 'Reports I can change', options: mine.map(option) }] : []),
          ...(others.length > 0 ? [{ label: 'Shared with me', options: others.map(option) }] : []),
        ]}
      />
      {current?.CanEdit ? (
        <Popconfirm
          title={`Delete “${current.Name}”?`}
          description={current.Shared ? 'It is shared: nobody in the account will see it any more.' : 'Only you could see it.'}
          okText="Delete"
          okButtonProps={{ danger: true, loading: deleting }}
          onConfirm={() => onDelete(current)}
        >
          <Button danger icon={<DeleteOutlined />}>
            Delete report
          </Button>
        </Popconfirm>
      ) : null}
    </Flex>
  );
};
